/**
 * What a service has opened, closed in the reverse order of opening: the one place its teardown is
 * written, used both by a clean shutdown and when its start fails half way, so a failed start
 * leaves nothing open (a database connection, a listening port, a Kafka client).
 */
export interface CloserStack {
  /** Registers `close` for something just opened; returns `resource`, so opening and registering are one line. */
  push<T>(resource: T, close: (resource: T) => Promise<void> | void): T;
  /**
   * Closes everything registered, newest first, each once. Every closer runs even when one fails;
   * the first failure is then thrown.
   */
  closeAll(): Promise<void>;
  /** Runs a service's start; if it throws, closes what it opened so far and throws the start's error. */
  starting<T>(start: () => Promise<T>): Promise<T>;
}

export function createCloserStack(): CloserStack {
  const closers: (() => Promise<void> | void)[] = [];
  const stack: CloserStack = {
    push(resource, close) {
      closers.push(() => close(resource));
      return resource;
    },
    async closeAll() {
      let failure: { error: unknown } | undefined;
      for (const close of closers.splice(0).reverse()) {
        try {
          await close();
        } catch (error) {
          failure ??= { error };
        }
      }
      if (failure) throw failure.error;
    },
    async starting(start) {
      try {
        return await start();
      } catch (error) {
        // The start's error is the one worth reporting; a closer failing on a half-open thing is not.
        await stack.closeAll().catch(() => {});
        throw error;
      }
    },
  };
  return stack;
}
