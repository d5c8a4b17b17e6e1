import type { DeadLetter } from '@assay/contract';
import type { GatewayFailure } from './gateway.ts';

/** The assessor's stages whose latency is reported. */
export type AssessorStage = 'read_upload' | 'assess';

/**
 * What the assessor reports for metrics, as plain callbacks so that this package knows nothing of
 * the metrics library; the service maps them onto its registry. Every member is optional.
 */
export interface AssessorMonitor {
  /** An item was received (+1) or finished with its outcome published (-1). */
  inFlight?(delta: 1 | -1): void;
  /** One item spent `seconds` in a stage, the wait for its slot excluded. */
  stage?(stage: AssessorStage, seconds: number): void;
  /** A read, upload or assessment failed in a way worth trying again, and is tried again. */
  retry?(failure: GatewayFailure): void;
  /** A message was set aside on the dead-letter topic. */
  deadLettered?(letter: DeadLetter): void;
}
