import { AssayError } from '@assay/contract';

export function busClosed(): AssayError {
  return new AssayError('UNAVAILABLE', 'the message bus is closed', { retryable: true });
}
