export interface CommandIo {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

/** The command line itself is wrong: shown with the usage text, exit code 2. */
export class UsageError extends Error {}
