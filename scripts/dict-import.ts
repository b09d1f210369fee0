/**
 * `npm run dict:import -- [--from fr --to en --name ... --licence ... --edition ...] <files…>`:
 * imports offline dictionaries into the configured database (DATABASE_URL, else the embedded one
 * under DATA_DIR). Each dictionary is named by any of its files: a dictd `.index` or `.dict.dz`
 * (Debian's dict-freedict-* and dict-de-en, in /usr/share/dictd/) or a CC-CEDICT text file. The
 * language pair comes from the file name (fra-eng, de-en) unless the flags say it; importing the
 * same dictionary again replaces it.
 */
import { parseArgs } from "node:util";
import { closeDb, getDbHandle } from "@/db/client";
import { migrateDb, pendingMigrations } from "@/db/migrate";
import { dictdFiles } from "@/lib/dictionaries/dictd";
import { ConfigError } from "@/lib/env";
import { importDictionaryFile } from "@/lib/services/dictionary-import";

const USAGE = "Usage: npm run dict:import -- [--from <code> --to <code>] [--name <name>] [--licence <licence>] [--edition <edition>] <files…>";

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
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
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const handle = await getDbHandle();
  // The embedded database migrates itself whenever the app opens it; Postgres is migrated as its own step.
  if (handle.kind === "pglite") await migrateDb(handle);
  else if ((await pendingMigrations(handle)) > 0) throw new Error("the database is not migrated: run npm run db:migrate first");
  // A dictionary named by two of its files (fra-eng.index and fra-eng.dict.dz) is imported once.
  const seen = new Set<string>();
  for (const file of positionals) {
    const key = (await dictdFiles(file))?.index ?? file;
    if (seen.has(key)) continue;
    seen.add(key);
    const started = Date.now();
    const result = await importDictionaryFile(handle.db, file, {
      from: values.from,
      to: values.to,
      name: values.name,
      licence: values.licence ?? values.license,
      edition: values.edition,
      onProgress: (n) => {
        if (n % 50_000 === 0) console.log(`  ${n.toLocaleString("en")} entries…`);
      },
    });
    console.log(
      `${result.replaced ? "Replaced" : "Imported"} "${result.name}"${result.edition ? ` (${result.edition})` : ""}, ` +
        `${result.sourceLanguage} → ${result.targetLanguage}, ${result.entries.toLocaleString("en")} entries, licence: ${result.licence} ` +
        `[${((Date.now() - started) / 1000).toFixed(1)} s]`,
    );
  }
  await closeDb();
}

main().catch(async (error) => {
  console.error(error instanceof ConfigError ? error.message : `Import failed: ${error instanceof Error ? error.message : error}`);
  await closeDb().catch(() => {});
  process.exit(1);
});
