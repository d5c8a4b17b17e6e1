/**
 * How often progress is written when the output is not a terminal (a nightly job's log): often
 * enough to see a run move, rarely enough that a ten-hour run's log stays readable.
 */
const logEveryMs = 10_000;

export interface ProgressReporter {
  /** The current state: the live line on a terminal, a log line every few seconds elsewhere. */
  progress(text: string): void;
  /** A message of its own line, always written (on a terminal, above the live line). */
  line(text: string): void;
  /** Ends the live line, so what follows starts on a line of its own. */
  end(): void;
}

export function progressReporter(stream: NodeJS.WriteStream, now: () => number = Date.now): ProgressReporter {
  if (stream.isTTY) {
    let live = '';
    return {
      progress(text) {
        live = text;
        stream.write(`\r${text}\u001b[K`);
      },
      line(text) {
        stream.write(`\r${text}\u001b[K\n${live ? `${live}\u001b[K` : ''}`);
      },
      end() {
        if (live) stream.write('\n');
        live = '';
      },
    };
  }
  let lastWritten = -Infinity;
  let pending: string | undefined;
  return {
    progress(text) {
      pending = text;
      if (now() - lastWritten < logEveryMs) return;
      lastWritten = now();
      stream.write(`${new Date(lastWritten).toISOString()} ${text}\n`);
      pending = undefined;
    },
    line(text) {
      stream.write(`${new Date(now()).toISOString()} ${text}\n`);
    },
    end() {
      // The state at the end is worth a line even when the last one is recent.
      if (pending !== undefined) stream.write(`${new Date(now()).toISOString()} ${pending}\n`);
      pending = undefined;
    },
  };
}
