/**
 * A known fault of the Postgres driver: postgres-js 3.4.9 can throw from a timer when a connection
 * closes (a Postgres restart, a failover) with a small write still queued: "Cannot read properties
 * of null (reading 'write')" in its connection.js (porsager/postgres#1154, #1208; fixes proposed
 * in #1168 and #1209, none released). The connection is already gone and the driver opens a new
 * one for the next query, so the process may carry on. The web server's process logs uncaught
 * errors and carries on by itself (Next's own handler); `npm run worker` would die of it.
 */
export function isClosedConnectionWrite(error: unknown): boolean {
  // Read as plain fields: test runners hand over errors serialized from their workers.
  const { message, stack } = (error ?? {}) as { message?: unknown; stack?: unknown };
  return typeof message === "string" && message.includes("Cannot read properties of null (reading 'write')") && typeof stack === "string" && /postgres[\\/]src[\\/]connection\.js/.test(stack);
}

/**
 * For a worker process: that one fault is logged and survived; any other uncaught error still
 * ends the process as Node would (its supervisor restarts it, and pg-boss retries its jobs).
 */
export function surviveClosedConnectionWrites(log: (message: string) => void = console.warn): void {
  process.on("uncaughtException", (error) => {
    if (isClosedConnectionWrite(error)) {
      log("[worker] the database connection closed under a queued write (postgres-js #1154): carrying on with a new connection");
      return;
    }
    console.error(error);
    process.exit(1);
  });
}
