/**
 * Notes as a tab-separated file Anki imports (File › Import), its header lines telling Anki how
 * to read it: tab-separated, fields in HTML, the columns' names (matched to the note type's
 * fields), which column holds the guid (a re-import updates those notes) and which the tags.
 * Audio is left out: a text file cannot carry the clips.
 */
import type { AnkiNote } from "./collection";

/** The note fields a TSV carries, in column order; the guid and the tags follow them. */
export const TSV_FIELDS = ["Word", "Lemma", "Meaning", "Sentence", "SentenceTranslation", "Source"] as const;

/** A field made safe for one TSV cell: its HTML kept, no tab or line break to end the cell or the row. */
function cell(html: string): string {
  // Anki reads a field starting with a double quote as a quoted one; "#" opening a line as a comment.
  return html
    .replace(/\t/g, " ")
    .replace(/\r\n?|\n/g, "<br>")
    .replace(/^"/, "&quot;")
    .replace(/^#/, "&#35;");
}

export function tsvHeader(): string {
  const columns = [...TSV_FIELDS, "GUID", "Tags"];
  return [
    "#separator:tab",
    "#html:true",
    `#columns:${columns.join("\t")}`,
    `#guid column:${TSV_FIELDS.length + 1}`,
    `#tags column:${TSV_FIELDS.length + 2}`,
  ]
    .map((line) => `${line}\n`)
    .join("");
}

export function tsvRow(note: AnkiNote): string {
  // Guids (base91) and tags hold no tab, line break or quote.
  const tags = note.tags.map((t) => t.replace(/\s+/g, "_")).join(" ");
  return `${[...TSV_FIELDS.map((f) => cell(note.fields[f])), note.guid, tags].join("\t")}\n`;
}
