import { analyseCardPhoto, type CardPhotoAnalysis } from '../analyse-card-photo.ts';
import type { CardFeatures } from '../features/card-features.ts';
import { matchable, type MatchableFeatures } from '../features/match-features.ts';
import type { VisionJob } from './vision-job.ts';

/** What the card job is configured with. */
export interface CardJobSettings {
  references: CardFeatures[];
}

// Decoded once per worker: every photo's outline choice compares against all of them.
let references: MatchableFeatures[] = [];

/** A card photo analysed (decode → locate → rectify → features and measurements). */
export const cardJob: VisionJob = {
  configure(settings) {
    references = (settings as CardJobSettings).references.map(matchable);
  },
  run: (bytes): Promise<CardPhotoAnalysis> => analyseCardPhoto(bytes, { references }),
};
