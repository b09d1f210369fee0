/**
 * An .apkg read back as Anki would: the zip's files, the media map, the collection's tables, notes
 * (fields split on Anki's unit separator, and by the note type's field names) and cards, with sql.js.
 */
import { unzipSync } from "fflate";
import initSqlJs from "sql.js";

export type AnkiNote = { guid: string; fields: string[]; tags: string; byName: Record<string, string> };
export type AnkiPackage = { files: Record<string, Uint8Array>; media: Record<string, string>; tables: string[]; notes: AnkiNote[]; col: Record<string, unknown>; cards: number };

export async function readAnkiPackage(bytes: Uint8Array): Promise<AnkiPackage> {
  const files = unzipSync(bytes);
  const SQL = await initSqlJs();
  const db = new SQL.Database(files["collection.anki2"]);
  try {
    const rows = (q: string) => {
      const [result] = db.exec(q);
      return (result?.values ?? []).map((v) => Object.fromEntries(result!.columns.map((c, i) => [c, v[i]])));
    };
    const col = rows("SELECT * FROM col")[0]!;
    const models = Object.values(JSON.parse(String(col.models)) as Record<string, { flds: { name: string }[] }>);
    const names = models[0]?.flds.map((f) => f.name) ?? [];
    return {
      files,
      media: JSON.parse(new TextDecoder().decode(files.media)) as Record<string, string>,
      tables: rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((r) => String(r.name)),
      notes: rows("SELECT guid, flds, tags FROM notes ORDER BY id").map((r) => {
        const fields = String(r.flds).split("\u001f");
        return { guid: String(r.guid), fields, tags: String(r.tags), byName: Object.fromEntries(fields.map((value, i) => [names[i] ?? String(i), value])) };
      }),
      col,
      cards: Number(rows("SELECT count(*) AS n FROM cards")[0]!.n),
    };
  } finally {
    db.close();
  }
}
