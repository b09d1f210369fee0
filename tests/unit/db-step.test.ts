/**
 * A job's database step is tried once more when its connection was lost (lib/pipeline/db-step.ts),
 * so a Postgres restart during an AI call does not cost the run; any other error fails it at once.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { dbStep } from "@/lib/pipeline/db-step";

const withCode = (code: string, message = code) => Object.assign(new Error(message), { code });
/** As Drizzle hands over a failed query: its own error, the driver's as the cause. */
const failedQuery = (code: string, message?: string) => new Error("Failed query: update \"videos\" set ...", { cause: withCode(code, message) });

/** A step that fails with the given errors, in order, then answers "saved"; counts its tries. */
function stepFailing(...errors: Error[]) {
  const step = vi.fn(async () => {
    const error = errors[step.mock.calls.length - 1];
    if (error) throw error;
    return "saved";
  });
  return step;
}

describe("a pipeline database step", () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  afterEach(() => warn.mockClear());

  it.each([
    ["57P01", "terminating connection due to administrator command"],
    ["CONNECTION_CLOSED", "write CONNECTION_CLOSED 127.0.0.1:5432"],
    ["ECONNRESET", "read ECONNRESET"],
    ["08006", "connection failure"],
  ])("is tried once more after a lost connection (%s), and its second try's answer is the step's", async (code, message) => {
    const step = stepFailing(failedQuery(code, message));
    await expect(dbStep(step)).resolves.toBe("saved");
    expect(step).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(`[worker] the database connection was lost (${code}); trying the step once more`);
  });

  it("is tried only once more: a connection lost twice fails the step with the second error", async () => {
    const second = failedQuery("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");
    const step = stepFailing(failedQuery("57P01"), second);
    await expect(dbStep(step)).rejects.toBe(second);
    expect(step).toHaveBeenCalledTimes(2);
  });

  it.each([
    ["23505", "duplicate key value violates unique constraint"],
    ["23503", "insert or update violates foreign key constraint"],
    ["22P02", "invalid input syntax for type integer"],
    ["42P01", "relation does not exist"],
  ])("is not tried again after a data or query error (%s): it fails at once", async (code, message) => {
    const error = failedQuery(code, message);
    const step = stepFailing(error);
    await expect(dbStep(step)).rejects.toBe(error);
    expect(step).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it("is not tried again after an error without a code (a bug in the step)", async () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'id')");
    const step = stepFailing(error);
    await expect(dbStep(step)).rejects.toBe(error);
    expect(step).toHaveBeenCalledTimes(1);
  });
});
