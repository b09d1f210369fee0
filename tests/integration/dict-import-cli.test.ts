/**
 * `npm run dict:import` as an operator runs it: with no files, every dictd dictionary in the
 * folder (Debian's /usr/share/dictd, here DICTD_DIR) whose pair the app offers, by the names
 * Debian gives them, the others named with the reason they are left; run again, each is replaced.
 * A dictd dictionary named by both of its files is imported once into the embedded database
 * under DATA_DIR, with a summary line; a second run replaces it; flags without files are a usage
 * message and a failing exit status, and a file that is not there fails before any database opens.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openPglite } from "@/db/client";
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

function dictImport(args: string[], extra: Record<string, string> = {}) {
  const env = { ...process.env, DATA_DIR: path.join(dir, "data"), DATABASE_URL: "", NODE_ENV: "production" as const, ...extra };
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

  it("imports, without files, every dictionary of the folder for the app's languages, by Debian's names, and replaces them when run again", async () => {
    const dictd = path.join(dir, "dictd");
    await mkdir(dictd);
    const GPL = "Availability:\n\n    Available under the terms of the GNU General Public License ver. 2.0 and\n  any later version.\n";
    await writeDictd(dictd, "freedict-spa-eng", [{ headword: "querer", text: "querer /keɾˈeɾ/\n1. love\n2. desire, wish" }], {
      short: "Spanish-English FreeDict Dictionary ver. 0.3.1",
      info: GPL,
    });
    await writeDictd(dictd, "german-english", [{ headword: "haus", text: "Haus\n {n}\n   house" }], {
      short: "German - English Dictionary devel 2023-01-30",
      info: "# License :: GPL Version 2 or later",
    });
    // Pairs the app does not offer, a name that gives no pair, an index without its data.
    await writeDictd(dictd, "freedict-nld-eng", [{ headword: "huis", definition: "house" }], { short: "Dutch-English FreeDict Dictionary ver. 0.2" });
    await writeDictd(dictd, "freedict-lat-deu", [{ headword: "domus", definition: "Haus" }]);
    await writeDictd(dictd, "devil", [{ headword: "abasement", definition: "A decent and customary mental attitude" }]);
    await writeFile(path.join(dictd, "freedict-fra-eng.index"), "maison\tA\tB\n");

    // A database of its own: the first test imported a Spanish-English dictionary of the same name.
    // It is one the app has set up already, as an operator's is after the app's first start (the
    // run's migrated template): the first test has the import make a new one.
    const env = { DICTD_DIR: dictd, DATA_DIR: path.join(dir, "installed-data") };
    const installed = await openPglite(path.join(env.DATA_DIR, "pglite"), new Blob([await readFile(inject("pgliteTemplateFiles").migrated)]));
    await installed.close();
    const first = await dictImport([], env);
    expect(first.stdout.trim().split("\n")).toEqual([
      "Skipped devil.index: its name gives no language pair (import it by name with --from and --to)",
      "Skipped freedict-fra-eng.index: its data file freedict-fra-eng.dict.dz is missing",
      "Skipped freedict-lat-deu.index: Latin → German: the app does not offer Latin",
      "Skipped freedict-nld-eng.index: Dutch → English: the app does not offer Dutch",
      expect.stringMatching(
        /^Imported "Spanish-English FreeDict Dictionary" \(0\.3\.1\), es → en, 1 entries, licence: GNU General Public License ver\. 2\.0 and any later version \[/,
      ),
      expect.stringMatching(/^Imported "German - English Dictionary" \(devel 2023-01-30\), de → en, 1 entries, licence: GPL Version 2 or later \[/),
      `2 of 2 dictionaries in ${dictd} imported, 4 skipped.`,
    ]);
    const again = await dictImport([], env);
    expect(again.stdout).toMatch(/^Replaced "Spanish-English FreeDict Dictionary"/m);
    expect(again.stdout).toMatch(/^Replaced "German - English Dictionary"/m);
  }, 600_000);

  it("says what to install when the folder has no dictionary for the app's languages", async () => {
    const empty = path.join(dir, "empty");
    await mkdir(empty);
    for (const folder of [empty, path.join(dir, "no-such-folder")]) {
      const failed = await dictImport([], { DICTD_DIR: folder }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toMatch(/sudo apt install dict-freedict-spa-eng/);
    }
  }, 120_000);

  it("names a file that is not there, and opens no database for it", async () => {
    const data = path.join(dir, "untouched-data");
    for (const [file, message] of [
      [path.join(dir, "spa-eng-typo.index"), /spa-eng-typo\.index: its index spa-eng-typo\.index is missing/],
      [path.join(dir, "cedict.txt"), /cedict\.txt: no such file/],
    ] as const) {
      const failed = await dictImport([file], { DATA_DIR: data }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toMatch(message);
    }
    await expect(stat(data)).rejects.toMatchObject({ code: "ENOENT" });
  }, 120_000);

  it("prints its usage and fails given flags without files", async () => {
    const failed = await dictImport(["--from", "es"]).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/^Usage: npm run dict:import/);
  }, 120_000);
});
