import { AssayError } from '@assay/contract';

export function unavailable(action: string, error: unknown, context: Record<string, unknown> = {}): AssayError {
  return new AssayError('UNAVAILABLE', `the message bus could not ${action}`, { retryable: true, context, cause: error });
}

// Broker answers that mean "the group is moving partitions": this member has to stop and rejoin.
const groupChanges = new Set(['REBALANCE_IN_PROGRESS', 'ILLEGAL_GENERATION', 'UNKNOWN_MEMBER_ID', 'NOT_COORDINATOR_FOR_GROUP', 'FENCED_INSTANCE_ID']);

export function isGroupChange(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return typeof type === 'string' && groupChanges.has(type);
}
