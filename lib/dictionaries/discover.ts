/**
 * The dictd dictionaries installed in a folder (Debian's packages put them in /usr/share/dictd)
 * that the app can use, for `npm run dict:import` without arguments: a pair from a language the
 * app teaches to one a learner may speak, both among the languages it offers. Every other
 * dictionary is named with the reason it is left out.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { APP_LANGUAGES } from "@/lib/validation/languages";
import { isFile } from "./dictd";
import { languagePairFromFileName } from "./file-names";

export const DEFAULT_DICTD_DIR = "/usr/share/dictd";

export type FoundDictionary = { index: string; from: string; to: string };
export type SkippedDictionary = { file: string; reason: string };

const OFFERED: ReadonlySet<string> = new Set(APP_LANGUAGES);
const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });
const nameOf = (code: string) => languageNames.of(code) ?? code;

/** Why a dictionary of this pair is of no use to the app, or null when it is. */
function pairProblem(from: string, to: string): string | null {
  const missing = [...new Set([from, to])].filter((code) => !OFFERED.has(code));
  if (missing.length > 0) return `${nameOf(from)} → ${nameOf(to)}: the app does not offer ${missing.map(nameOf).join(" or ")}`;
  if (from === to) return `${nameOf(from)} → ${nameOf(to)}: a dictionary within one language`;
  return null;
}

/** Why the dictionary of this index file is left out, or null when the app can use it. */
async function whyLeftOut(index: string, pair: { from: string; to: string } | null): Promise<string | null> {
  if (!pair) return "its name gives no language pair (import it by name with --from and --to)";
  const problem = pairProblem(pair.from, pair.to);
  if (problem) return problem;
  const base = index.slice(0, -".index".length);
  return (await isFile(`${base}.dict.dz`)) || (await isFile(`${base}.dict`)) ? null : `its data file ${path.basename(base)}.dict.dz is missing`;
}

/** The folder's dictd dictionaries (by their `.index` files, in name order), those the app can use and those it cannot. */
export async function findDictdDictionaries(dir: string): Promise<{ found: FoundDictionary[]; skipped: SkippedDictionary[] }> {
  const names = (await readdir(dir)).filter((name) => name.toLowerCase().endsWith(".index")).sort();
  const found: FoundDictionary[] = [];
  const skipped: SkippedDictionary[] = [];
  for (const name of names) {
    const index = path.join(dir, name);
    const pair = languagePairFromFileName(name);
    const reason = await whyLeftOut(index, pair);
    if (pair && !reason) found.push({ index, ...pair });
    else skipped.push({ file: index, reason: reason! });
  }
  return { found, skipped };
}
