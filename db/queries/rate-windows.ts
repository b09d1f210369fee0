/**
 * Per-user limits over a sliding window (an admin's actions an hour, a learner's AI look-ups an
 * hour): the rows of one user in the last `seconds`, counted under a lock on their user row, so
 * two requests at once (on any app instance) cannot both take the last place. Times are the
 * database's clock.
 */
import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { resultRows, type DbOrTx } from "../client";
import { users } from "../schema";

export type RateWindow = {
  count: number;
  /** Seconds until the oldest of them leaves the window (0 when there are none). */
  freeInSeconds: number;
};

/** A table of timestamped rows per user. */
type WindowTable = PgTable & { userId: AnyPgColumn; createdAt: AnyPgColumn };

/** Call inside a transaction, then insert the new row in the same one. */
export async function lockUserWindow(db: DbOrTx, table: WindowTable, params: { userId: string; seconds: number }): Promise<RateWindow> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, params.userId)).for("update");
  const [row] = resultRows<{ n: number | string; free_in: number | string | null }>(
    await db.execute(sql`
      select count(*) as n,
             extract(epoch from (min(${table.createdAt}) + make_interval(secs => ${params.seconds}) - now())) as free_in
      from ${table}
      where ${table.userId} = ${params.userId} and ${table.createdAt} > now() - make_interval(secs => ${params.seconds})`),
  );
  return { count: Number(row?.n ?? 0), freeInSeconds: Math.max(0, Number(row?.free_in ?? 0)) };
}
