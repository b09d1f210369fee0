import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeWorkDir, removeStaleWorkDirs } from "@/lib/pipeline/work-dir";

const root = mkdtempSync(path.join(tmpdir(), "lingoreel-work-dir-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder (with a file) last changed `ageMs` ago. */
function folder(name: string, ageMs: number): string {
  const dir = path.join(root, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, "speech.wav"), "RIFF");
  const at = new Date(Date.now() - ageMs);
  utimesSync(dir, at, at);
  return dir;
}

describe("processing runs' scratch folders", () => {
  it("removes a killed run's folder once it is older than a run may last, and nothing else", async () => {
    const HOUR = 3_600_000;
    const leftOver = folder("lingoreel-video-7-abc123", 3 * HOUR);
    const running = folder("lingoreel-video-8-def456", 10 * 60_000);
    const someoneElses = folder("other-program-xyz", 3 * HOUR);
    expect(await removeStaleWorkDirs(2 * HOUR, root)).toEqual([leftOver]);
    expect([existsSync(leftOver), existsSync(running), existsSync(someoneElses)]).toEqual([false, true, true]);
  });

  it("names a run's folder after its video, in the temporary folder", async () => {
    const dir = await makeWorkDir(42);
    try {
      expect(path.dirname(dir)).toBe(tmpdir());
      expect(path.basename(dir)).toMatch(/^lingoreel-video-42-/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds nothing to remove where there is no such folder", async () => {
    expect(await removeStaleWorkDirs(0, path.join(root, "missing"))).toEqual([]);
  });
});
