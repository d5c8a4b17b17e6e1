import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Fault scenarios not yet reliable enough for every run: the PostgreSQL one hung once in five full
 * runs on a heavily loaded machine (cause not found yet). `pnpm test:faults` runs them all.
 */
const quarantined = ['test/faults/postgres.faults.test.ts'];

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.ASSAY_ALL_FAULTS === '1' ? [] : quarantined)],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: more workers than that only adds contention.
    maxWorkers: 2,
  },
});
