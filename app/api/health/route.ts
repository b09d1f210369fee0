/** Liveness and readiness: answers once the database is reachable. */
import { getDb } from "@/db/client";
import { pingDatabase } from "@/db/queries/health";

export const dynamic = "force-dynamic";

export async function GET() {
  try {
    const db = await getDb();
    await pingDatabase(db);
    return Response.json({ status: "ok" });
  } catch (error) {
    console.error("[health] database check failed", error);
    return Response.json({ status: "unavailable", message: "The database is not reachable" }, { status: 503 });
  }
}
