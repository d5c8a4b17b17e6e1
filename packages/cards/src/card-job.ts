import type { WorkerJob, WorkerJobs, WorkerPool } from '@assay/pixels';
import { analyseCardPhoto, type CardPhotoAnalysis } from './analyse-card-photo.ts';
import type { CardFeatures } from './identify/card-features.ts';
import { matchable, type MatchableFeatures } from './identify/match-features.ts';

/** What the card job is configured with. */
export interface CardJobSettings {
  references: CardFeatures[];
}

/** The card job's name on a worker pool. */
const name = 'cards';

// Decoded once per worker: every photo's outline choice compares against all of them.
let references: MatchableFeatures[] = [];

/** A card photo analysed (decode → locate → rectify → features and measurements). */
const cardJob: WorkerJob = {
  configure(settings) {
    references = (settings as CardJobSettings).references.map(matchable);
  },
  run: (bytes): Promise<CardPhotoAnalysis> => analyseCardPhoto(bytes, { references }),
};

/**
 * The jobs a worker script serves for cards (see `serveJobs`): a script serving other categories'
 * jobs beside them lets one pool of workers serve a batch of any mix.
 */
export const cardJobs: WorkerJobs = { [name]: cardJob };

/**
 * Card analysis (decode → locate → rectify → features and measurements) on `pool`, whose workers
 * serve `cardJobs`, choosing each photo's outline by these features of known cards (fronts and backs).
 */
export function cardAnalysis(pool: WorkerPool, references: CardFeatures[]): (bytes: Buffer) => Promise<CardPhotoAnalysis> {
  pool.configure(name, { references } satisfies CardJobSettings);
  return (bytes) => pool.run(name, bytes);
}
