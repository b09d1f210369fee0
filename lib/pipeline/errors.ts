/** The failures of a processing job, and what of them the admin reads as the video's reason. */
import "server-only";
import { isDatabaseUnavailable } from "@/lib/api/errors";

/** A failure that retrying cannot fix: the video is failed at once with this reason. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}

/** What the admin reads when the database stopped a job: the error itself, SQL and values, is for the server's log. */
export const DATABASE_FAILURE_REASON = "A database error stopped processing";

/**
 * Whether an error came from the database: Drizzle's "Failed query: ..." around it, the error
 * Postgres sent (postgres-js and PGlite alike give its severity and SQLSTATE code), or a lost
 * connection. Their messages name the query and its values, so they are never shown to anyone.
 */
export function isDatabaseError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error && e.message.startsWith("Failed query: ")) return true;
    const { severity, code } = e as { severity?: unknown; code?: unknown };
    if (typeof severity === "string" && typeof code === "string") return true;
  }
  return isDatabaseUnavailable(error);
}
