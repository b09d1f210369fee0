/**
 * A database step of a job, tried once more when its connection was lost, so that a Postgres
 * restart (or failover) during a long AI call does not fail the run and make pg-boss retry it:
 * the retry would pay the AI provider again for work already done.
 *
 * The database client already tries once more a statement a restart failed before sending it
 * (db/driver-faults.ts); this covers the rest: a step whose connection was lost under it, when the
 * database is back by the time the step is tried again. Only connection-level errors
 * (isDatabaseUnavailable: socket errors, class 08, 57P01-57P03) are retried; a constraint or data
 * error fails at once, as it would again. The steps this wraps are safe to run twice: progress
 * updates, reads, saves that replace what an earlier run left, and the video's lease (taken again
 * by the same run, given back only by it).
 */
import "server-only";
import { isDatabaseUnavailable } from "@/lib/api/errors";

export async function dbStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    console.warn(`[worker] the database connection was lost (${codeOf(error)}); trying the step once more`);
    return step();
  }
}

/** The error's code (a Postgres SQLSTATE or a socket error's), wrapped or not, for the log line. */
function codeOf(error: unknown): string {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return "no code";
}
