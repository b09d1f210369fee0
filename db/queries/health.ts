/** The health check's one round trip: the database answers a trivial query. */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";

export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
