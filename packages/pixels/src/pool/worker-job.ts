/**
 * One kind of work a pool's workers do: `configure` takes the settings the pool was given for it
 * (a category's references), `run` analyses one photo.
 */
export interface WorkerJob {
  configure(settings: unknown): void;
  run(bytes: Buffer): Promise<unknown>;
}

/** The jobs one worker script serves, by name (the name `WorkerPool.run` and `configure` take). */
export type WorkerJobs = Record<string, WorkerJob>;
