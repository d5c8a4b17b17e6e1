import { PassThrough } from 'node:stream';
import { runCli } from '../../services/cli/src/cli.ts';

/** Runs one `assay` invocation in this process; returns its exit code and what it wrote. */
export async function runAssay(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks = { out: '', err: '' };
  out.on('data', (c) => (chunks.out += c));
  err.on('data', (c) => (chunks.err += c));
  const code = await runCli(argv, { out, err });
  return { code, ...chunks };
}
