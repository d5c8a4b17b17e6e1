/** What every benchmark module exports, and what the runner (`test/bench/run.ts`) gives it. */

/** One measured scenario: the load generator's view of a fixed-concurrency, fixed-duration run. */
export interface ScenarioResult {
  /** Human name for the table, e.g. `floor (GET /healthz)`. */
  label: string;
  concurrency: number;
  /** Completed responses in the measured window (the warm-up is not counted). */
  requests: number;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  non_2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Request body megabytes (10^6 bytes) per second sent by the load generator. */
  mb_per_s_sent: number;
}

export interface BenchResult {
  /** Scenario id (the key in `--json`) to its result, in the order to print. */
  scenarios: Record<string, ScenarioResult>;
  /** Lines printed under the table: what was sent, to what, on which database. */
  notes: string[];
}

export interface BenchContext {
  /** Seconds each scenario is measured for. */
  durationS: number;
  /** Seconds each scenario runs, unmeasured, before it is measured. */
  warmupS: number;
  /** Concurrent connections (clients) per scenario. */
  connections: number;
  /** Whether a scenario of this benchmark was selected on the command line. */
  selected(scenario: string): boolean;
  /** A progress line on stderr (stdout is kept for the results). */
  log(line: string): void;
  /** Runs `fn` when the run ends, successfully or not (last registered runs first). */
  defer(fn: () => unknown): void;
  /** A new temporary folder, removed when the run ends. */
  tempDir(prefix: string): Promise<string>;
}

export interface Benchmark {
  /** Name on the command line (`pnpm bench images-upload`); its `--json` key has `_` for `-`. */
  name: string;
  description: string;
  /** Scenario ids, in the order they run. */
  scenarios: readonly string[];
  run(ctx: BenchContext): Promise<BenchResult>;
}

/** Thrown for a run whose numbers would be meaningless (errors, unexpected statuses). */
export class BenchFailure extends Error {
  override name = 'BenchFailure';
}
