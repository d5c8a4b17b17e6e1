import { isAssayError, type Category, type CategoryEngine } from '@assay/contract';

export interface LoadedEngine<C extends Category = Category> {
  engine: CategoryEngine<C>;
  close: () => Promise<void>;
}

/**
 * A category engine loaded on its first assessment, so a deployment holds only the references of
 * the categories it is asked about (a catalog's coin references alone take tens of MB). A load that
 * fails for a while (the database away) is tried again next time; one that cannot succeed (a
 * non-retryable AssayError: references of an older features version) answers the same from then on.
 */
export function lazyEngine<C extends Category>(load: () => Promise<LoadedEngine<C>>): LoadedEngine<C> & { preload(): void } {
  let loading: Promise<LoadedEngine<C>> | undefined;
  let closed = false;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      if (!isAssayError(error) || error.retryable) loading = undefined;
      throw error;
    });
    return loading;
  };
  return {
    engine: {
      async assess(images, sections) {
        if (closed) throw new Error('the engine is closed');
        return (await loaded()).engine.assess(images, sections);
      },
    },
    /** Starts loading now, in the background (a long-running service); a failure is retried on first use. */
    preload() {
      loaded().catch(() => {});
    },
    async close() {
      closed = true;
      const engine = await loading?.catch(() => undefined);
      await engine?.close();
    },
  };
}
