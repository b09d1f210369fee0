/**
 * A worker process survives the Postgres driver's known crash on a restart (db/driver-faults.ts)
 * and still dies of any other uncaught error, as Node would.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isClosedConnectionWrite } from "@/db/driver-faults";

/** What the driver throws: a TypeError from a timer in postgres/src/connection.js. */
function driverError(): TypeError {
  const error = new TypeError("Cannot read properties of null (reading 'write')");
  error.stack = `${error.message}\n    at nextWrite (/app/node_modules/postgres/src/connection.js:255:22)\n    at process.processImmediate (node:internal/timers:491:21)`;
  return error;
}

/** Runs a process that installs the guard, throws `thrown` from a timer, then exits 0 after 200 ms. */
function runWorkerThrowing(thrown: string) {
  const guard = path.resolve("db/driver-faults.ts");
  const script = `
    const mod = await import(${JSON.stringify(guard)});
    const { surviveClosedConnectionWrites } = mod.default ?? mod;
    surviveClosedConnectionWrites((line) => console.log(line));
    setImmediate(() => { throw ${thrown}; });
    setTimeout(() => { console.log("still running"); process.exit(0); }, 200);
  `;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 20_000 });
}

describe("the postgres-js closed-connection write", () => {
  it("is told apart from other errors by its message and where it was thrown", () => {
    expect(isClosedConnectionWrite(driverError())).toBe(true);
    expect(isClosedConnectionWrite({ message: driverError().message, stack: driverError().stack })).toBe(true);
    expect(isClosedConnectionWrite(new TypeError("Cannot read properties of null (reading 'write')"))).toBe(false);
    expect(isClosedConnectionWrite(new Error("connect ECONNREFUSED"))).toBe(false);
    expect(isClosedConnectionWrite(null)).toBe(false);
  });

  it("is survived by a worker process, which logs it and carries on", () => {
    const run = runWorkerThrowing(`Object.assign(new TypeError("Cannot read properties of null (reading 'write')"), { stack: ${JSON.stringify(driverError().stack)} })`);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("postgres-js #1154");
    expect(run.stdout).toContain("still running");
  });

  it("does not keep a worker alive through any other uncaught error", () => {
    const run = runWorkerThrowing(`new Error("something else broke")`);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("something else broke");
    expect(run.stdout).not.toContain("still running");
  });
});
