import type { Subscription } from './bus.ts';

/** Wraps a subscription so the bus that made it can close it, and forgets it once closed. */
export function trackSubscription(joined: Subscription, open: Set<Subscription>): Subscription {
  const subscription: Subscription = {
    ...joined,
    close: async () => {
      await joined.close();
      open.delete(subscription);
    },
  };
  open.add(subscription);
  return subscription;
}
