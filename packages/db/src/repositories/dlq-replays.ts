import { inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { dlqReplays } from '../schema/index.ts';

/** One replayed dead letter. */
export interface DlqReplay {
  letterEventId: string;
  itemKey: string;
  reason: string;
  replayEventId: string;
  runId: string;
  replayedAt: Date;
}

const batchSize = 500;

export function createDlqReplaysRepository(db: Database) {
  return {
    /** The replays recorded for these dead-lettered event ids. */
    async find(letterEventIds: readonly string[]): Promise<DlqReplay[]> {
      const found: DlqReplay[] = [];
      for (let i = 0; i < letterEventIds.length; i += batchSize) {
        const rows = await db
          .select({
            letterEventId: dlqReplays.letterEventId,
            itemKey: dlqReplays.itemKey,
            reason: dlqReplays.reason,
            replayEventId: dlqReplays.replayEventId,
            runId: dlqReplays.runId,
            replayedAt: dlqReplays.replayedAt,
          })
          .from(dlqReplays)
          .where(inArray(dlqReplays.letterEventId, letterEventIds.slice(i, i + batchSize)));
        found.push(...rows);
      }
      return found;
    },

    /**
     * Claims `replays` and runs `publish` with those nobody had claimed before, in one transaction:
     * the claims commit only once `publish` resolves, so a failed publish leaves the letters to be
     * replayed another time, and a concurrent replay waits on the rows and then skips them.
     * @returns the claimed replays.
     */
    async claim(replays: readonly DlqReplay[], publish: (claimed: DlqReplay[]) => Promise<void>): Promise<DlqReplay[]> {
      if (replays.length === 0) return [];
      return db.transaction(async (tx) => {
        const claimed = new Set(
          (await tx.insert(dlqReplays).values([...replays]).onConflictDoNothing().returning({ id: dlqReplays.letterEventId })).map((row) => row.id),
        );
        const mine = replays.filter((replay) => claimed.has(replay.letterEventId));
        if (mine.length > 0) await publish(mine);
        return mine;
      });
    },
  };
}

export type DlqReplaysRepository = ReturnType<typeof createDlqReplaysRepository>;
