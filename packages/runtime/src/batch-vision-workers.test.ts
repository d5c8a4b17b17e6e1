import { describe, expect, it } from 'vitest';
import { loadConfig } from '@assay/config';
import { batchVisionWorkers } from './index.ts';

describe('batchVisionWorkers', () => {
  it('leaves a core to the pipeline, analyses on the main thread on two cores or fewer, and takes ASSAY_VISION_WORKERS over either', () => {
    expect(batchVisionWorkers(loadConfig({}), 8)).toBe(7);
    expect(batchVisionWorkers(loadConfig({}), 3)).toBe(2);
    expect(batchVisionWorkers(loadConfig({}), 2)).toBe(0);
    expect(batchVisionWorkers(loadConfig({}), 1)).toBe(0);
    expect(batchVisionWorkers(loadConfig({ ASSAY_VISION_WORKERS: '3' }), 2)).toBe(3);
    expect(batchVisionWorkers(loadConfig({ ASSAY_VISION_WORKERS: '0' }), 8)).toBe(0);
    expect(() => loadConfig({ ASSAY_VISION_WORKERS: '-1' })).toThrow(/ASSAY_VISION_WORKERS/);
  });
});
