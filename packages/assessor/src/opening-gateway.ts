import { AssayError } from '@assay/contract';
import type { AssessmentGateway } from './gateway.ts';

/**
 * A gateway whose engine is still opening: calls wait for it. A service can then join its consumer
 * group while the engine loads, so a restarted assessor is back at work as soon as the group hands
 * it partitions. If opening fails, calls fail as retryable, so items are retried or handed back
 * (the service stops), never failed for it.
 */
export function openingGateway(opening: Promise<AssessmentGateway>): AssessmentGateway {
  // Whoever opens the engine handles its failure; here it only answers calls, made or not.
  opening.catch(() => {});
  const ready = async () => {
    try {
      return await opening;
    } catch (error) {
      throw new AssayError('UNAVAILABLE', 'the assessment engine could not be opened', { retryable: true, cause: error });
    }
  };
  return {
    upload: async (org, bytes, filename) => (await ready()).upload(org, bytes, filename),
    assess: async (org, category, request) => (await ready()).assess(org, category, request),
  };
}
