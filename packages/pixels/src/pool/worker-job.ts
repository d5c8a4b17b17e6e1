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

/**
 * Gives `job` (named `name`) its settings, remembering in `unusable` why they could not be taken:
 * its runs then answer with that rather than work on settings they do not hold. True when taken.
 */
export function configureJob(name: string, job: WorkerJob | undefined, settings: unknown, unusable: Map<string, string>): boolean {
  try {
    job?.configure(settings);
    unusable.delete(name);
    return true;
  } catch (error) {
    unusable.set(name, `the ${name} settings could not be used: ${(error as Error).message}`);
    return false;
  }
}
