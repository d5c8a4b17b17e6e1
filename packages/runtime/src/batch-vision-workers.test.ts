import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@assay/config';
import { batchVisionWorkers } from './index.ts';

describe('batchVisionWorkers', () => {
  it('leaves a core to the pipeline unless ASSAY_VISION_WORKERS says otherwise, and never goes below one', () => {
    expect(batchVisionWorkers(loadConfig({}))).toBe(Math.max(1, availableParallelism() - 1));
    expect(batchVisionWorkers(loadConfig({ ASSAY_VISION_WORKERS: '3' }))).toBe(3);
    expect(() => loadConfig({ ASSAY_VISION_WORKERS: '0' })).toThrow(/ASSAY_VISION_WORKERS/);
  });
});
