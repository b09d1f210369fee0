/**
 * An Anki collection (the SQLite file inside an .apkg, schema version 11, which every Anki since
 * 2.1 imports) written with sql.js: the col row with its note type, decks and deck options as
 * JSON, one note and one new card per word. sql.js is SQLite compiled to WebAssembly: no native
 * code to build, and the file is made in memory.
 */
import "server-only";
import initSqlJs, { type SqlJsStatic } from "sql.js";
import { fieldChecksum, stableId } from "./guid";
import { stripHtml } from "./html";

/** The note type's fields, in order. */
export const NOTE_FIELDS = ["Word", "Lemma", "Meaning", "Sentence", "SentenceTranslation", "Audio", "Source"] as const;
export type NoteFields = Record<(typeof NOTE_FIELDS)[number], string>;

export type AnkiNote = { guid: string; deck: string; fields: NoteFields; tags: string[] };

/** The note type's id: the same in every export, so Anki updates notes of it rather than adding a copy of the type. */
const MODEL_ID = 1_732_560_000_001;
const MODEL_NAME = "LingoReel word";
const DEFAULT_DECK_ID = 1;
const OPTIONS_ID = 1;

const FRONT = `<div class="word">{{Word}}</div>
<div class="sentence">{{Sentence}}</div>
{{Audio}}`;
const BACK = `{{FrontSide}}
<hr id="answer">
<div class="lemma">{{Lemma}}</div>
<div class="meaning">{{Meaning}}</div>
<div class="translation">{{SentenceTranslation}}</div>
<div class="source">{{Source}}</div>`;
const CSS = `.card { font-family: system-ui, sans-serif; font-size: 20px; text-align: center; color: black; background-color: white; }
.nightMode .card, .card.nightMode { color: white; background-color: #1f1f1f; }
.word { font-size: 32px; font-weight: 600; }
.sentence, .translation { margin-top: 12px; }
.translation, .source { color: gray; font-size: 16px; }
.lemma { font-style: italic; }
.source { margin-top: 12px; }`;

let sqlJs: Promise<SqlJsStatic> | undefined;
/** sql.js, loaded once per process (its WebAssembly file sits beside it in node_modules). */
const loadSqlJs = () => (sqlJs ??= initSqlJs());

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null,
  dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null,
  tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null,
  usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null,
  factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null,
  lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);`;

/** The deck a name stands for: the same id on every export, so re-imports fill the same deck. */
export const deckId = (name: string) => stableId("lingoreel-deck", name);

function noteType(nowSeconds: number, firstDeck: number) {
  return {
    [MODEL_ID]: {
      id: MODEL_ID,
      name: MODEL_NAME,
      type: 0,
      mod: nowSeconds,
      usn: -1,
      sortf: 0,
      did: firstDeck,
      tmpls: [{ name: "Recognition", ord: 0, qfmt: FRONT, afmt: BACK, bqfmt: "", bafmt: "", did: null }],
      flds: NOTE_FIELDS.map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: "Arial", size: 20, media: [] })),
      css: CSS,
      latexPre: "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
      latexPost: "\\end{document}",
      latexsvg: false,
      // The front shows Word, Sentence and Audio: a card is made when any of them has text.
      req: [[0, "any", [0, 3, 5]]],
      tags: [],
      vers: [],
    },
  };
}

function deck(id: number, name: string, nowSeconds: number) {
  return {
    id,
    name,
    desc: "",
    conf: OPTIONS_ID,
    dyn: 0,
    collapsed: false,
    browserCollapsed: false,
    extendNew: 10,
    extendRev: 50,
    mod: nowSeconds,
    usn: -1,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
}

/** Anki's default deck options. */
const DECK_OPTIONS = {
  [OPTIONS_ID]: {
    id: OPTIONS_ID,
    name: "Default",
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
    rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  },
};

/**
 * The collection file of these notes: each in its deck (decks are made from the names, "A::B"
 * nests B in A), with one new card, in the order given.
 */
export async function buildCollection(notes: readonly AnkiNote[], now = new Date()): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    const nowMs = now.getTime();
    const nowSeconds = Math.floor(nowMs / 1000);
    const deckNames = [...new Set(notes.map((n) => n.deck))];
    const decks: Record<string, unknown> = { [DEFAULT_DECK_ID]: deck(DEFAULT_DECK_ID, "Default", nowSeconds) };
    for (const name of deckNames) decks[deckId(name)] = deck(deckId(name), name, nowSeconds);
    const firstDeck = deckNames.length ? deckId(deckNames[0]!) : DEFAULT_DECK_ID;
    const conf = {
      activeDecks: [firstDeck],
      curDeck: firstDeck,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: String(MODEL_ID),
      nextPos: notes.length + 1,
      sortType: "noteFld",
      sortBackwards: false,
      addToCur: true,
    };
    db.run(SCHEMA);
    db.run("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')", [
      nowSeconds,
      nowMs,
      nowMs,
      JSON.stringify(conf),
      JSON.stringify(noteType(nowSeconds, firstDeck)),
      JSON.stringify(decks),
      JSON.stringify(DECK_OPTIONS),
    ]);
    const insertNote = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
    const insertCard = db.prepare("INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')");
    db.run("BEGIN");
    notes.forEach((note, i) => {
      // Ids only need to be unique in the file: Anki finds notes it already has by guid.
      const id = nowMs + i;
      const flds = NOTE_FIELDS.map((name) => note.fields[name].replace(/\u001f/g, " ")).join("\u001f");
      const sortField = stripHtml(note.fields.Word);
      const tags = note.tags.length ? ` ${note.tags.map((t) => t.replace(/\s+/g, "_")).join(" ")} ` : "";
      insertNote.run([id, note.guid, MODEL_ID, nowSeconds, tags, flds, sortField, fieldChecksum(sortField)]);
      insertCard.run([id, id, deckId(note.deck), nowSeconds, i + 1]);
    });
    db.run("COMMIT");
    insertNote.free();
    insertCard.free();
    return db.export();
  } finally {
    db.close();
  }
}
