import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'services/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: configDefaults.exclude,
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: more workers than that only adds contention.
    maxWorkers: 2,
    // Test workers run WebAssembly (the embedded PostgreSQL) as `pnpm assay` does (README, "Memory
    // settings"): on V8's baseline compiler. With tier-up, a worker running the API's coin tests once
    // died of a V8 fatal error in replacing tiered-up Wasm code (Node 24.21, "Check failed:
    // jit_page_->allocations_.erase(addr) == 1" in UnregisterWasmAllocation, 2026-11-28).
    execArgv: ['--no-wasm-tier-up', '--no-wasm-dynamic-tiering'],
  },
});
