/**
 * CPU time per request (server process, and Postgres backends when on Postgres) for health and
 * the api bench's routes: counts that hold on a loaded machine, where requests/s do not.
 * `npx tsx --conditions=react-server scripts/bench/api-cpu.ts` (DATABASE_URL for Postgres).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { API_ROUTES } from "./api";
import { ANON_KEY, api, learnerToken, startApp } from "./app-server";

const TICK_MS = 10;
const cpuTicks = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
};
const children = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

async function main() {
  const n = Number(process.env.N ?? 2000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "lingoreel-api-cpu-"));
  const dbUrl = process.env.DATABASE_URL;
  const app = await startApp({ env: { DATA_DIR: dataDir, SKIP_BUILD: "1" }, prepare: "scripts/bench/api-seed.ts", nodeArgs: process.env.NODE_ARGS?.split(/\s+/).filter(Boolean) });
  const sql = dbUrl ? postgres(dbUrl, { max: 1 }) : undefined;
  try {
    const server = children(app.pid!)[0]!;
    const token = await learnerToken(app.baseURL);
    for (const r of API_ROUTES) await api(app.baseURL, r, { token });
    const urls = ["/api/health", ...API_ROUTES.filter((r) => !process.env.ONLY || r.includes(process.env.ONLY))];
    const run = (url: string, amount: number) =>
      autocannon({ url: app.baseURL + url, connections: 4, amount, headers: url === "/api/health" ? {} : { authorization: `Bearer ${token}`, apikey: ANON_KEY } });
    for (const u of urls) await run(u, 500);
    const backends = async () =>
      sql ? (await sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`).map((r) => Number(r.pid)) : [];
    const rounds = Number(process.env.ROUNDS ?? 2);
    const results = new Map<string, { app: number[]; pg: number[] }>();
    for (let round = 0; round < rounds; round++) {
      for (const u of urls) {
        const pids = await backends();
        // The server's own background work (the job worker's polling) while idle, taken off below.
        const i0 = cpuTicks(server);
        await new Promise((r) => setTimeout(r, 2000));
        const idlePerMs = (cpuTicks(server) - i0) / 2000;
        const started = Date.now();
        const a0 = cpuTicks(server);
        const p0 = pids.reduce((s, p) => s + cpuTicks(p), 0);
        const result = await run(u, n);
        const a1 = cpuTicks(server) - idlePerMs * (Date.now() - started);
        const p1 = pids.reduce((s, p) => s + cpuTicks(p), 0);
        const done = result["2xx"];
        if (done !== n) console.log(`  ${u}: ${done}/${n} answered 2xx`);
        const entry = results.get(u) ?? { app: [], pg: [] };
        entry.app.push(((a1 - a0) * TICK_MS) / done);
        entry.pg.push(((p1 - p0) * TICK_MS) / done);
        results.set(u, entry);
      }
    }
    const avg = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    const health = results.get("/api/health")!;
    const h = avg(health.app) + avg(health.pg);
    console.log(`${dbUrl ? "Postgres" : "PGlite"}: CPU ms per request (server${dbUrl ? " + backends" : ""}), N=${n} × ${rounds}`);
    for (const [u, e] of results) {
      const total = avg(e.app) + avg(e.pg);
      console.log(`  ${u.padEnd(38)} app ${avg(e.app).toFixed(3)}${dbUrl ? `  pg ${avg(e.pg).toFixed(3)}` : ""}  total ${total.toFixed(3)}  ×health ${(total / h).toFixed(2)}  (rounds ${e.app.map((x) => x.toFixed(3)).join(", ")})`);
    }
  } finally {
    await sql?.end();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
