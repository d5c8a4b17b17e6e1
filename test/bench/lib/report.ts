import type { BenchResult, ScenarioResult } from './bench.ts';

const round = (value: number, digits: number) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

/** The `--json` form of one scenario. */
export function scenarioJson(result: ScenarioResult) {
  return {
    requests_per_s: round(result.requests_per_s, 1),
    p50_ms: round(result.p50_ms, 2),
    p99_ms: round(result.p99_ms, 2),
    concurrency: result.concurrency,
    requests: result.requests,
    non_2xx: result.non_2xx,
    errors: result.errors,
    mb_per_s_sent: round(result.mb_per_s_sent, 2),
  };
}

const columns: { title: string; cell: (id: string, r: ScenarioResult) => string; left?: boolean }[] = [
  { title: 'scenario', cell: (id, r) => `${id} (${r.label})`, left: true },
  { title: 'concurrency', cell: (_id, r) => String(r.concurrency) },
  { title: 'requests/s', cell: (_id, r) => r.requests_per_s.toFixed(1) },
  { title: 'p50 ms', cell: (_id, r) => r.p50_ms.toFixed(2) },
  { title: 'p99 ms', cell: (_id, r) => r.p99_ms.toFixed(2) },
  { title: 'MB/s sent', cell: (_id, r) => r.mb_per_s_sent.toFixed(2) },
  { title: 'requests', cell: (_id, r) => String(r.requests) },
];

/** A plain-text table of one benchmark's scenarios, with its notes below. */
export function renderTable(name: string, result: BenchResult): string {
  const rows = Object.entries(result.scenarios).map(([id, r]) => columns.map((c) => c.cell(id, r)));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (columns[i]!.left ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [
    name,
    line(columns.map((c) => c.title)),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    ...result.notes.map((note) => `  ${note}`),
  ].join('\n');
}
