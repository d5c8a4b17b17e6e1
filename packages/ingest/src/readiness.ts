import { itemJsonName, type ItemFile } from './item-folder.ts';

export type Readiness = { ready: true; trigger: 'item-json' | 'settled' } | { ready: false; settlesAt: Date };

/**
 * Whether an item folder is complete enough to assess: its `item.json` is there (uploaders write it
 * last), or no file in it has changed for `settleMs`.
 *
 * "Changed" is read from the objects' modification times, which the bucket keeps, so readiness
 * needs no memory of earlier scans and survives restarts. The price: the times come from the
 * bucket's clock (or a copy tool preserving old times), so settle times well above the clock skew
 * between bucket and ingest are advised. A folder whose files were only deleted looks settled.
 */
export function readinessOf(files: readonly ItemFile[], now: Date, settleMs: number): Readiness {
  if (files.some((file) => file.name === itemJsonName)) return { ready: true, trigger: 'item-json' };
  const newest = Math.max(...files.map((file) => file.lastModified.getTime()));
  const settlesAt = newest + settleMs;
  return now.getTime() >= settlesAt ? { ready: true, trigger: 'settled' } : { ready: false, settlesAt: new Date(settlesAt) };
}
