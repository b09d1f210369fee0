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

/**
 * Another known fault of postgres-js 3.4.9: a connection whose query was in flight when the server
 * terminated it keeps that error (57P01 "terminating connection due to administrator command")
 * and, once it has reconnected, rejects the first query it is given with it, before sending it
 * (connection.js clears neither `query` nor `errorResponse` when the socket closes;
 * porsager/postgres#1223). After a Postgres restart each such connection of the pool would fail
 * one request with a 503 although the database is back.
 *
 * The driver hands a 57P0x error (the server terminated the backend, or is starting or shutting
 * down) only to a query of a connection that is starting up or to that stale first query; a query
 * in flight when its connection closes gets CONNECTION_CLOSED instead. So a statement failed with
 * 57P0x was never run, and trying it once more is safe, writes included. Applied to statements
 * on their own and to a transaction whose BEGIN failed; a statement inside a transaction is not
 * tried again (its transaction is gone).
 */
const NOT_RUN_CODES = new Set(["57P01", "57P02", "57P03"]);

function isNotRunTermination(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && NOT_RUN_CODES.has(code);
}

type Sql = import("postgres").Sql;
type Pending = PromiseLike<unknown> & { values(): PromiseLike<unknown> };

/** The client, with its lone statements (`unsafe`, as Drizzle sends them) and `begin` tried once more after a stale termination. */
export function retryStaleTerminations(client: Sql): Sql {
  const unsafe = (...args: Parameters<Sql["unsafe"]>) => {
    let values = false;
    const run = async () => {
      const once = () => (values ? client.unsafe(...args).values() : client.unsafe(...args));
      try {
        return await once();
      } catch (error) {
        if (!isNotRunTermination(error)) throw error;
        return once();
      }
    };
    // Run once, when first awaited (as the driver's own query is), however often it is awaited.
    let ran: Promise<unknown> | undefined;
    const pending: Pending = {
      values: () => ((values = true), pending),
      then: (onResolved, onRejected) => (ran ??= run()).then(onResolved, onRejected),
    };
    return pending;
  };
  const begin = async (...args: unknown[]) => {
    const body = args.at(-1) as (tx: unknown) => unknown;
    let started = false;
    const tracked = [...args.slice(0, -1), (tx: unknown) => ((started = true), body(tx))];
    const once = () => (client.begin as (...a: unknown[]) => Promise<unknown>)(...tracked);
    try {
      return await once();
    } catch (error) {
      if (started || !isNotRunTermination(error)) throw error;
      return once();
    }
  };
  return new Proxy(client, {
    get: (target, property) => (property === "unsafe" ? unsafe : property === "begin" ? begin : Reflect.get(target, property, target)),
  });
}
