/**
 * `pnpm bench [NAME[/SCENARIO]...] [--duration S] [--warmup S] [--connections N] [--json] [--list]`
 *
 * Runs the benchmark modules listed in `benchmarks` below (all, or those whose name contains a
 * NAME given; NAME/SCENARIO narrows to one scenario) and prints a table per benchmark, or with
 * --json exactly one JSON line on stdout. Progress goes to stderr. Exits 1 if any scenario saw an
 * error or an unexpected status. See test/bench/README.md.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { imagesUpload } from './images-upload.ts';
import { BenchFailure, type Benchmark, type BenchContext, type BenchResult } from './lib/bench.ts';
import { renderTable, scenarioJson } from './lib/report.ts';

/** Every benchmark, in the order they run. A new benchmark is a module exporting a Benchmark, added here. */
const benchmarks: Benchmark[] = [imagesUpload];

const usage = `Usage: pnpm bench [NAME[/SCENARIO]...] [options]

  NAME                 run the benchmarks whose name contains NAME (default: all)
  NAME/SCENARIO        run only that scenario of them (repeatable)
  --duration SECONDS   measured time per scenario (default 8)
  --warmup SECONDS     unmeasured load before each scenario (default 2)
  --connections N      concurrent clients per scenario (default 16)
  --json               print exactly one JSON line on stdout instead of tables
  --list               list the benchmarks and their scenarios
  --help               show this text

Benchmarks:
${benchmarks.map((b) => `  ${b.name.padEnd(16)} ${b.description}\n  ${''.padEnd(16)} scenarios: ${b.scenarios.join(', ')}`).join('\n')}`;

function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n\n${usage}\n`);
  process.exit(2);
}

function positiveNumber(name: string, text: string | undefined, fallback: number, integer = false): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || (integer && (!Number.isInteger(value) || value < 1))) {
    fail(`--${name} must be a ${integer ? 'whole number of at least 1' : 'number of seconds'}, not "${text}"`);
  }
  return value;
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      json: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { values, positionals } = parsed;
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (values.list) {
  for (const b of benchmarks) process.stdout.write(`${b.name}: ${b.scenarios.join(', ')}\n`);
  process.exit(0);
}
const durationS = positiveNumber('duration', values.duration, 8);
if (durationS <= 0) fail('--duration must be more than 0');
const warmupS = positiveNumber('warmup', values.warmup, Math.min(2, durationS));
const connections = positiveNumber('connections', values.connections, 16, true);

/** Which benchmarks run, and for each, which of its scenarios (undefined: all). */
const selection = new Map<Benchmark, Set<string> | undefined>();
for (const filter of positionals.length ? positionals : ['']) {
  const [name = '', scenario] = filter.split('/');
  const matching = benchmarks.filter((b) => b.name.includes(name) && (scenario === undefined || b.scenarios.includes(scenario)));
  if (matching.length === 0) fail(`no benchmark matches "${filter}"`);
  for (const b of matching) {
    if (scenario === undefined) selection.set(b, undefined);
    else if (!selection.has(b) || selection.get(b)) selection.set(b, new Set([...(selection.get(b) ?? []), scenario]));
  }
}

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const cleanups: (() => unknown)[] = [];
let cleaning: Promise<void> | undefined;
/** Stops child processes and removes temporary folders, last registered first; safe to call twice. */
const cleanup = () =>
  (cleaning ??= (async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        log(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    void cleanup().then(() => process.exit(130));
  });
}

const results = new Map<Benchmark, BenchResult>();
let exitCode = 0;
try {
  log(`${durationS} s measured + ${warmupS} s warm-up per scenario, ${connections} connections; ` +
    `${availableParallelism()} CPU cores shared by the load generator and the servers; node ${process.version}`);
  for (const [benchmark, scenarios] of selection) {
    const ctx: BenchContext = {
      durationS,
      warmupS,
      connections,
      selected: (scenario) => scenarios === undefined || scenarios.has(scenario),
      log,
      defer: (fn) => void cleanups.push(fn),
      async tempDir(prefix) {
        const dir = await mkdtemp(join(tmpdir(), prefix));
        cleanups.push(() => rm(dir, { recursive: true, force: true }));
        return dir;
      },
    };
    log(`${benchmark.name}: ${benchmark.description}`);
    results.set(benchmark, await benchmark.run(ctx));
  }
} catch (error) {
  exitCode = 1;
  process.stderr.write(`\nbench: FAILED\n${error instanceof BenchFailure ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await cleanup();
}

if (exitCode === 0) {
  if (values.json) {
    const json = Object.fromEntries(
      [...results].map(([b, r]) => [b.name.replaceAll('-', '_'), Object.fromEntries(Object.entries(r.scenarios).map(([id, s]) => [id, scenarioJson(s)]))]),
    );
    process.stdout.write(`${JSON.stringify(json)}\n`);
  } else {
    process.stdout.write(`\n${[...results].map(([b, r]) => renderTable(b.name, r)).join('\n\n')}\n`);
  }
}
process.exitCode = exitCode;
