import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressReporter } from './progress.ts';

function stream(isTTY: boolean) {
  const out = new PassThrough() as PassThrough & { isTTY?: boolean };
  out.isTTY = isTTY;
  let written = '';
  out.on('data', (chunk) => (written += chunk));
  return { out: out as unknown as NodeJS.WriteStream, written: () => written };
}

describe('progress', () => {
  it('on a terminal redraws one live line and writes messages above it', async () => {
    const tty = stream(true);
    const report = progressReporter(tty.out);
    report.progress('1 of 3 items done');
    report.progress('2 of 3 items done');
    report.line('SIGINT: stopping');
    report.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(tty.written()).toBe('\r1 of 3 items done\u001b[K\r2 of 3 items done\u001b[K\rSIGINT: stopping\u001b[K\n2 of 3 items done\u001b[K\n');
  });

  it('off a terminal writes a timestamped line every 10 seconds at most, and the last state at the end', async () => {
    const log = stream(false);
    let now = Date.parse('2026-11-27T00:00:00Z');
    const report = progressReporter(log.out, () => now);
    report.progress('0 of 9+ items done');
    now += 4_000;
    report.progress('3 of 9 items done');
    now += 7_000;
    report.progress('5 of 9 items done');
    now += 1_000;
    report.progress('6 of 9 items done');
    report.line('a message');
    report.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.written().split('\n')).toEqual([
      '2026-11-27T00:00:00.000Z 0 of 9+ items done',
      '2026-11-27T00:00:11.000Z 5 of 9 items done',
      '2026-11-27T00:00:12.000Z a message',
      '2026-11-27T00:00:12.000Z 6 of 9 items done',
      '',
    ]);
  });
});
