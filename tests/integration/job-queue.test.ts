/**
 * The job queue's start-up: senders and workers get separate pg-boss instances per database
 * (only the workers' runs maintenance), each started once, whoever asks first; and the connection adapter gives a
 * connection back usable after one of pg-boss's scripts fails half-way (as its start-up races do).
 */
import { afterAll, describe, expect, it } from "vitest";
import { openPostgres } from "@/db/client";
import { getBoss, sqlAdapter, startWorkerQueue } from "@/lib/jobs/boss";
import { testDbKinds, useTestDb } from "../helpers/db";

describe.each(testDbKinds)("job queue on %s", (kind) => {
  const t = useTestDb(kind);
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it("senders and workers get instances of their own; the workers' runs maintenance and starts once, with its options", async () => {
    const sender = await getBoss(t());
    expect(await getBoss(t())).toBe(sender);
    const worker = await startWorkerQueue(t(), { maintenanceIntervalSeconds: 1 });
    stops.push(() => worker.stop({ graceful: false, close: false }), () => sender.stop({ graceful: false, close: false }));
    expect(worker).not.toBe(sender);
    expect(await startWorkerQueue(t(), { maintenanceIntervalSeconds: 1 })).toBe(worker);
    await expect(startWorkerQueue(t(), { maintenanceIntervalSeconds: 60 })).rejects.toThrow(/already running/);

    // Maintenance marks the time it last ran.
    const maintained = async () => (await sqlAdapter(t()).executeSql("SELECT maintained_on FROM pgboss.version")).rows[0] as { maintained_on: Date | null };
    for (let i = 0; i < 100 && !(await maintained()).maintained_on; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await maintained()).maintained_on).not.toBeNull();
  });

  it("gives the connection back usable after a script fails inside its transaction", async () => {
    // One connection, so the next query surely runs on the one the script used.
    const handle = kind === "postgres" ? await openPostgres((t() as { url?: string }).url!, 1) : t();
    try {
      const adapter = sqlAdapter(handle);
      await expect(adapter.executeSql("BEGIN; SELECT 1 / 0; COMMIT;")).rejects.toThrow(/division by zero/);
      expect((await adapter.executeSql("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      if (handle !== t()) await handle.close();
    }
  });
});
