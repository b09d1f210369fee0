/**
 * `npm run dict:import`: imports offline dictionaries into the configured database (DATABASE_URL,
 * else the embedded one under DATA_DIR). Without files, every dictd dictionary installed in
 * /usr/share/dictd (DICTD_DIR) whose language pair the app offers (Debian's dict-freedict-*,
 * dict-de-en), naming each one it leaves out and why. With files
 * (`-- [--from fr --to en --name ... --licence ... --edition ...] <files…>`), those: a dictd
 * `.index` or `.dict.dz`, or a CC-CEDICT text file, the pair from the file name (freedict-fra-eng,
 * german-english, de-en) unless the flags say it. Importing the same dictionary again replaces it.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { closeDb, getDbHandle, type Db } from "@/db/client";
import { migrateDb, pendingMigrations } from "@/db/migrate";
import { dictdFiles, isFile } from "@/lib/dictionaries/dictd";
import { DEFAULT_DICTD_DIR, findDictdDictionaries } from "@/lib/dictionaries/discover";
import { ConfigError } from "@/lib/env";
import { importDictionaryFile, type ImportOptions } from "@/lib/words/meanings/dictionary-import";

const USAGE = [
  "Usage: npm run dict:import                  every dictd dictionary in /usr/share/dictd (or DICTD_DIR) for the app's languages",
  "       npm run dict:import -- [--from <code> --to <code>] [--name <name>] [--licence <licence>] [--edition <edition>] <files…>",
].join("\n");
const INSTALL_HINT = "install some first, for example: sudo apt install dict-freedict-spa-eng dict-freedict-fra-eng dict-freedict-deu-eng";

async function openDatabase(): Promise<Db> {
  const handle = await getDbHandle();
  // The embedded database migrates itself whenever the app opens it; Postgres is migrated as its own step.
  if (handle.kind === "pglite") await migrateDb(handle);
  else if ((await pendingMigrations(handle)) > 0) throw new Error("the database is not migrated: run npm run db:migrate first");
  return handle.db;
}

async function importOne(db: Db, file: string, options: ImportOptions): Promise<void> {
  const started = Date.now();
  let reported = 0;
  const result = await importDictionaryFile(db, file, {
    ...options,
    onProgress: (n) => {
      if (n - reported < 50_000) return;
      reported = n - (n % 50_000);
      console.log(`  ${reported.toLocaleString("en")} entries…`);
    },
  });
  console.log(
    `${result.replaced ? "Replaced" : "Imported"} "${result.name}"${result.edition ? ` (${result.edition})` : ""}, ` +
      `${result.sourceLanguage} → ${result.targetLanguage}, ${result.entries.toLocaleString("en")} entries, licence: ${result.licence} ` +
      `[${((Date.now() - started) / 1000).toFixed(1)} s]`,
  );
}

/** Every usable dictionary of the folder; one that fails is reported and the rest still imported. */
async function importInstalled(): Promise<void> {
  const dir = path.resolve(process.env.DICTD_DIR || DEFAULT_DICTD_DIR);
  const { found, skipped } = await findDictdDictionaries(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") throw new Error(`${dir} does not exist: no dictd dictionary is installed; ${INSTALL_HINT}`);
    throw error;
  });
  for (const { file, reason } of skipped) console.log(`Skipped ${path.basename(file)}: ${reason}`);
  if (found.length === 0) {
    console.error(`No dictd dictionary in ${dir} is for the app's languages; ${INSTALL_HINT}`);
    process.exitCode = 1;
    return;
  }
  const db = await openDatabase();
  let failed = 0;
  for (const { index } of found) {
    try {
      await importOne(db, index, {});
    } catch (error) {
      failed++;
      console.error(`Failed ${path.basename(index)}: ${error instanceof Error ? error.message : error}`);
    }
  }
  console.log(`${found.length - failed} of ${found.length} dictionaries in ${dir} imported${skipped.length ? `, ${skipped.length} skipped` : ""}.`);
  if (failed > 0) process.exitCode = 1;
}

async function main() {
  const { values, positionals, tokens } = parseArgs({
    allowPositionals: true,
    tokens: true,
    options: {
      from: { type: "string" },
      to: { type: "string" },
      name: { type: "string" },
      licence: { type: "string" },
      license: { type: "string" },
      edition: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals.length === 0) {
    // Flags describe the files they come with: alone, they are a mistake, not a request to import everything as one pair.
    if (tokens.some((t) => t.kind === "option")) {
      console.log(USAGE);
      process.exitCode = 1;
      return;
    }
    await importInstalled();
    await closeDb();
    return;
  }
  // Every file is looked at before the database opens: a mistyped name fails at once, and leaves no
  // new embedded database behind. A dictionary named by two of its files (fra-eng.index and
  // fra-eng.dict.dz) is imported once.
  const files = new Map<string, string>();
  for (const file of positionals) {
    const dictd = await dictdFiles(file);
    if (!dictd && !(await isFile(file))) throw new Error(`${file}: no such file`);
    const key = dictd?.index ?? file;
    if (!files.has(key)) files.set(key, file);
  }
  const db = await openDatabase();
  const options = { from: values.from, to: values.to, name: values.name, licence: values.licence ?? values.license, edition: values.edition };
  for (const file of files.values()) await importOne(db, file, options);
  await closeDb();
}

main().catch(async (error) => {
  console.error(error instanceof ConfigError ? error.message : `Import failed: ${error instanceof Error ? error.message : error}`);
  await closeDb().catch(() => {});
  process.exit(1);
});
