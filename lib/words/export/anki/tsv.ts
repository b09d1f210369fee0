/**
 * Notes as a tab-separated file Anki imports (File › Import), its header lines telling Anki how
 * to read it: tab-separated, fields in HTML, the columns' names (matched to the note type's
 * fields), which column holds the guid (a re-import updates those notes) and which the tags.
 * Audio is left out: a text file cannot carry the clips.
 */
import type { AnkiNote } from "./collection";

/** The note fields a TSV carries, in column order; the guid and the tags follow them. */
export const TSV_FIELDS = ["Word", "Lemma", "Meaning", "Sentence", "SentenceTranslation", "Source"] as const;

/**
 * A cell's first character a spreadsheet opening the file would run as a formula (CSV injection:
 * a caption "=HYPERLINK(…)"), after any spaces it may trim: = + - @, and their full-width forms,
 * which spreadsheets in Japanese and Chinese take as the same. Tabs and line breaks never lead a
 * cell (they are replaced first), so spaces stand for them here.
 */
const FORMULA_START = /^(\s*)([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/**
 * A field made safe for one TSV cell: its HTML kept, no tab or line break to end the cell or the
 * row, and no first character that makes it something else. OWASP's remedy for formulas is a
 * leading "'", but these cells are HTML (#html:true), so Anki would show that quote on the card:
 * the character is written as its character reference instead, which a spreadsheet reads as text
 * starting with "&" and Anki shows as the character itself.
 */
function cell(html: string): string {
  // Anki reads a field starting with a double quote as a quoted one; "#" opening a line as a comment.
  return html
    .replace(/\t/g, " ")
    .replace(/\r\n?|\n/g, "<br>")
    .replace(/^"/, "&quot;")
    .replace(/^#/, "&#35;")
    .replace(FORMULA_START, (_all, space: string, char: string) => `${space}&#${char.codePointAt(0)};`);
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
