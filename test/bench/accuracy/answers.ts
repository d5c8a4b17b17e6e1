import type { EngineResult } from '@assay/contract';

/**
 * Where the benchmark hands each request's answer when asked (`--answers FILE`), so two versions of
 * the engine can be compared request by request: a change that must not change answers (a
 * reorganisation) shows any difference, which the aggregate figures can hide.
 */
export type AnswerSink = (answer: { category: string; request: string; answer: Omit<EngineResult, 'catalogVersionId'> | { error: string } }) => void;

export const answerOf = (result: EngineResult): Omit<EngineResult, 'catalogVersionId'> => ({ summary: result.summary, items: result.items, issues: result.issues });
