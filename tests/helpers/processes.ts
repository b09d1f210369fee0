/** The machine's running processes (Linux /proc), to check that a stopped tool is really gone. */
import { readdirSync, readFileSync } from "node:fs";

/** Ids of live processes whose command line contains `text` (zombies, already dead, excluded). */
export function processesMatching(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (!commandLine.includes(text)) continue;
      // The state follows the parenthesised name in /proc/<pid>/stat: "Z" is a zombie.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z") found.push(Number(entry));
    } catch {
      // It ended while we looked.
    }
  }
  return found;
}

/** Waits until `check` holds, polling every 100 ms; throws with `what` (read then) after `ms`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string | (() => string), ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
