/** Liveness and readiness: answers once the database is reachable. */
import { sql } from "drizzle-orm";
import { getDb } from "@/db/client";

export const dynamic = "force-dynamic";

export async function GET() {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: "ok" });
  } catch (error) {
    console.error("[health] database check failed", error);
    return Response.json({ status: "unavailable", message: "The database is not reachable" }, { status: 503 });
  }
}
