/**
 * `npm run dict:import` as an operator runs it: a dictd dictionary named by both of its files is
 * imported once into the embedded database under DATA_DIR, with a summary line; a second run
 * replaces it; no files is a usage message and a failing exit status.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDictd } from "@/scripts/standins/dictd-writer";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "../..");

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "dict-cli-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function dictImport(args: string[]) {
  const env = { ...process.env, DATA_DIR: path.join(dir, "data"), DATABASE_URL: "", NODE_ENV: "production" as const };
  return run(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/dict-import.ts", ...args], { cwd: ROOT, env, timeout: 240_000 });
}

describe("npm run dict:import", () => {
  it("imports a dictd dictionary named by both its files once, and replaces it when run again", async () => {
    const files = await writeDictd(dir, "spa-eng", [{ headword: "Casa", definition: "house" }, { headword: "perro", definition: "dog" }], {
      short: "Spanish-English FreeDict Dictionary ver. 0.3",
      info: "License: GNU GPL 3.0 or later",
    });
    const first = await dictImport([files.index, files.data]);
    expect(first.stdout.trim().split("\n")).toEqual([
      expect.stringMatching(/^Imported "Spanish-English FreeDict Dictionary" \(0\.3\), es → en, 2 entries, licence: GNU GPL 3\.0 or later \[/),
    ]);
    const again = await dictImport(["--name", "My Spanish", "--licence", "CC0", files.data]);
    expect(again.stdout).toMatch(/^Imported "My Spanish" \(0\.3\), es → en, 2 entries, licence: CC0/m);
    const third = await dictImport(["--name", "My Spanish", "--licence", "CC0", files.data]);
    expect(third.stdout).toMatch(/^Replaced "My Spanish"/m);
  }, 600_000);

  it("prints its usage and fails without files", async () => {
    const failed = await dictImport([]).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/^Usage: npm run dict:import -- /);
  }, 120_000);
});
