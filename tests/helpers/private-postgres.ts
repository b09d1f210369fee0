/**
 * A Postgres server of the test's own, to stop and start again (a restart, a failover) without
 * touching a server other tests share: Debian's binaries, a data directory in a temp folder, a
 * free port on 127.0.0.1. initdb refuses to run as root, so as root it runs as `postgres`.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const BIN_DIRS = ["/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"];

/** The folder holding initdb and pg_ctl, or null where Postgres's server binaries are not installed. */
export const postgresBinDir: string | null = BIN_DIRS.find((dir) => existsSync(path.join(dir, "pg_ctl"))) ?? null;

export type PrivatePostgres = { url: string; port: number; stop: () => void; start: () => void; dispose: () => void };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function userIds(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync("id", [flag, name]).toString().trim());
  return { uid: id("-u"), gid: id("-g") };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!postgresBinDir) throw new Error("Postgres server binaries are not installed");
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "lingoreel-pg-"));
  const data = path.join(dir, "data");
  if (asRoot) {
    const { uid, gid } = userIds("postgres");
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = path.join(postgresBinDir!, tool);
    if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" });
    else execFileSync(command, args, { stdio: "pipe" });
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    dispose: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
