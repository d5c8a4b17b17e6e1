/**
 * One kind of work the vision workers do: `configure` takes the settings the pool was given for it
 * (a category's references), `run` analyses one photo.
 */
export interface VisionJob {
  configure(settings: unknown): void;
  run(bytes: Buffer): Promise<unknown>;
}
