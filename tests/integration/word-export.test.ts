/**
 * Saved words and "Export to Anki" on PGlite and Postgres: the saved-words list (GET
 * /api/words/saved) with each word's meaning (note, then dictionary, then cached AI answer) and a
 * line of a video where it is said; the .apkg read back with sql.js (tables, notes, fields, guids
 * stable across exports, the media map and MP3 clips cut from the demo videos' media) and the TSV
 * with Anki's header lines. Every learner gets their own words only.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/words/export/route";
import { GET as savedRoute } from "@/app/api/words/saved/route";
import { PUT as putNoteRoute } from "@/app/api/words/notes/route";
import { PUT as putStatusRoute } from "@/app/api/words/status/route";
import { insertDictionaryEntries, replaceDictionary } from "@/db/queries/dictionary";
import { saveWordMeaning } from "@/db/queries/words/meanings";
import { videos } from "@/db/schema";
import { readAnkiPackage } from "../helpers/anki-package";
import { apiRequest, seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { EXPORT_MAX_WORDS } from "@/lib/words/export/export";

const FIELDS = ["Word", "Lemma", "Meaning", "Sentence", "SentenceTranslation", "Audio", "Source"];

/** An MP3 by its first bytes: an ID3 tag, or an MPEG audio frame's sync word. */
const isMp3 = (b: Uint8Array) => (b[0] === 0x49 && b[1] === 0x44 && b[2] === 0x33) || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0);

async function download(who: Actor | undefined, query: string) {
  const response = await exportRoute(apiRequest(`/api/words/export?${query}`, { token: who?.token }), { params: Promise.resolve({}) });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe.each(testDbKinds)("saved words and their export on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let coffee: number;

  const save = async (who: Actor, language: string, lemma: string) =>
    expect((await call(putStatusRoute, "/api/words/status", { method: "PUT", token: who.token, body: { language, lemma, status: "learning" } })).status).toBe(200);
  const saved = (who: Actor | undefined, query = "") => call(savedRoute, `/api/words/saved${query}`, { token: who?.token });

  beforeAll(async () => {
    await seedDemoContent(t().db);
    actors = await seedActors(t().db, `export-${kind}`);
    const [row] = await t().db.select({ id: videos.id }).from(videos).where(eq(videos.title, "Ordering Coffee in Madrid"));
    coffee = row!.id;
    // A YouTube video with its own media too: its Source links to YouTube, its audio comes from the media.
    await t().db.update(videos).set({ youtubeId: "abcdefghijk" }).where(eq(videos.id, coffee));
    // Meanings from each source: a note (leche), the videos' translation (café, día), a dictionary (querer); another learner's: a cached AI answer (favor), none (bueno).
    const dictionary = await replaceDictionary(t().db, { sourceLanguage: "es", targetLanguage: "en", name: `Test ${kind}`, edition: null, licence: "CC0" });
    await insertDictionaryEntries(t().db, dictionary.id, [{ headword: "querer", definition: "to want <very>\tmuch" }]);
    await saveWordMeaning(t().db, { language: "es", nativeLanguage: "en", lemma: "favor", model: "m", promptVersion: 1, partOfSpeech: "noun", meanings: ["favour", "kindness"], line: null });
    for (const lemma of ["querer", "día", "café", "leche"]) await save(actors.learner, "es", lemma);
    await save(actors.learner, "fr", "marché");
    expect((await call(putNoteRoute, "/api/words/notes", { method: "PUT", token: actors.learner.token, body: { language: "es", lemma: "leche", note: "milk, my note" } })).status).toBe(200);
    await save(actors.otherLearner, "es", "bueno");
    await save(actors.otherLearner, "es", "favor");
  });

  it("lists a learner's saved words with their meanings and a line where each is said", async () => {
    expect((await saved(undefined)).status).toBe(401);
    const { status, body } = await saved(actors.learner);
    expect(status).toBe(200);
    expect(body.total).toBe(5);
    expect(body.nextOffset).toBeNull();
    expect(body.languages).toEqual([
      { language: "es", count: 4 },
      { language: "fr", count: 1 },
    ]);
    const byLemma = Object.fromEntries(body.words.map((w: { lemma: string }) => [w.lemma, w]));
    expect(Object.keys(byLemma).sort()).toEqual(["café", "día", "leche", "marché", "querer"]);
    expect(byLemma.leche.meaning).toEqual({ text: "milk, my note", source: "note" });
    expect(byLemma["café"].meaning).toEqual({ text: "coffee", source: "vocabulary" });
    expect(byLemma.querer.meaning).toEqual({ text: "to want <very> much", source: "dictionary" });
    expect(byLemma["día"].meaning).toEqual({ text: "day", source: "vocabulary" });
    // A cached AI answer; and a word nothing is known of: the translation of its line, marked as such.
    const other = Object.fromEntries((await saved(actors.otherLearner)).body.words.map((w: { lemma: string }) => [w.lemma, w]));
    expect(other.favor.meaning).toEqual({ text: "favour, kindness", source: "ai" });
    expect(other.bueno.meaning).toEqual({ text: "Good morning, I would like a coffee with milk, please.", source: "line" });
    const line = byLemma.leche.occurrence;
    expect(line).toMatchObject({ videoId: coffee, videoTitle: "Ordering Coffee in Madrid", text: "Buenos días, quisiera un café con leche, por favor." });
    expect(line.text.slice(line.wordStart, line.wordEnd)).toBe("leche");
    expect(line.translation).toBe("Good morning, I would like a coffee with milk, please.");
    expect(line.href).toBe(`/video/${coffee}?t=${Math.floor(line.startMs / 1000)}`);
    expect(byLemma["marché"].occurrence.text).toContain("marché");
  });

  it("pages and narrows by language, and refuses a malformed query", async () => {
    const first = await saved(actors.learner, "?limit=2");
    expect(first.body.words).toHaveLength(2);
    expect(first.body.nextOffset).toBe(2);
    const rest = await saved(actors.learner, "?limit=2&offset=4");
    expect(rest.body.words).toHaveLength(1);
    expect(rest.body.nextOffset).toBeNull();
    const french = await saved(actors.learner, "?language=fr");
    expect(french.body.words.map((w: { lemma: string }) => w.lemma)).toEqual(["marché"]);
    expect(french.body.total).toBe(1);
    for (const bad of ["?limit=0", "?limit=1000", "?offset=-1", "?language=%3Cx%3E", "?limit=abc"]) {
      const { status, body } = await saved(actors.learner, bad);
      expect(status, bad).toBe(400);
      expect(body.message, bad).toBeTruthy();
    }
  });

  it("keeps each learner's words their own", async () => {
    expect((await saved(actors.otherLearner)).body.words.map((w: { lemma: string }) => w.lemma)).toEqual(["favor", "bueno"]);
    expect((await saved(actors.admin)).body).toMatchObject({ words: [], total: 0, languages: [] });
    const other = await readAnkiPackage((await download(actors.otherLearner, "format=apkg")).bytes);
    expect(other.notes.map((n) => n.fields[1])).toEqual(["favor", "bueno"]);
  });

  it("exports an Anki package whose notes, fields, guids and audio clips read back", async () => {
    expect((await download(undefined, "format=apkg")).status).toBe(401);
    const first = await download(actors.learner, "format=apkg");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-disposition")).toMatch(/^attachment; filename="lingoreel-words-all-\d{4}-\d{2}-\d{2}\.apkg"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    const apkg = await readAnkiPackage(first.bytes);
    expect(apkg.tables).toEqual(expect.arrayContaining(["cards", "col", "graves", "notes", "revlog"]));
    expect(apkg.col.ver).toBe(11);
    const models = Object.values(JSON.parse(String(apkg.col.models))) as { flds: { name: string }[]; tmpls: unknown[] }[];
    expect(models).toHaveLength(1);
    expect(models[0]!.flds.map((f) => f.name)).toEqual(FIELDS);
    const decks = Object.values(JSON.parse(String(apkg.col.decks))).map((d) => (d as { name: string }).name);
    expect(decks.sort()).toEqual(["Default", "LingoReel::French", "LingoReel::Spanish"]);
    expect(apkg.notes).toHaveLength(5);
    expect(apkg.cards).toBe(5);

    const note = (lemma: string) => apkg.notes.find((n) => n.fields[1] === lemma)!;
    const field = (lemma: string, name: string) => note(lemma).fields[FIELDS.indexOf(name)];
    expect(field("leche", "Word")).toBe("leche");
    expect(field("leche", "Meaning")).toBe("milk, my note");
    expect(field("querer", "Meaning")).toBe("to want &lt;very&gt; much");
    expect(field("café", "Meaning")).toBe("coffee");
    expect(field("leche", "Sentence")).toBe("Buenos días, quisiera un café con <b>leche</b>, por favor.");
    expect(field("leche", "SentenceTranslation")).toBe("Good morning, I would like a coffee with milk, please.");
    expect(field("leche", "Source")).toMatch(/^<a href="https:\/\/www\.youtube\.com\/watch\?v=abcdefghijk&amp;t=\d+s">Ordering Coffee in Madrid \(0:00\)<\/a>$/);
    expect(field("marché", "Source")).toMatch(/^<a href="http:\/\/localhost:3000\/video\/\d+\?t=\d+">A Morning at the Market in Lyon \(\d+:\d\d\)<\/a>$/);
    expect(note("leche").tags).toBe(" LingoReel es ");

    // Each line's audio: an MP3 clip in the media map, named in the Audio field.
    const mediaNames = Object.values(apkg.media);
    expect(mediaNames.length).toBeGreaterThanOrEqual(2);
    for (const n of apkg.notes) {
      const audio = n.fields[FIELDS.indexOf("Audio")]!;
      expect(audio, n.fields[1]).toMatch(/^\[sound:lingoreel-\d+-\d+\.mp3\]$/);
      expect(mediaNames).toContain(audio.slice(7, -1));
    }
    for (const [slot, name] of Object.entries(apkg.media)) {
      expect(name).toMatch(/\.mp3$/);
      expect(apkg.files[slot]!.length, name).toBeGreaterThan(1000);
      expect(isMp3(apkg.files[slot]!), name).toBe(true);
    }

    // Exported again: the same guids, so Anki updates the notes it has.
    const again = await readAnkiPackage((await download(actors.learner, "format=apkg")).bytes);
    expect(again.notes.map((n) => n.guid).sort()).toEqual(apkg.notes.map((n) => n.guid).sort());
    expect(new Set(apkg.notes.map((n) => n.guid)).size).toBe(5);
    const spanish = await readAnkiPackage((await download(actors.learner, "format=apkg&language=es")).bytes);
    expect(spanish.notes.map((n) => n.fields[1]).sort()).toEqual(["café", "día", "leche", "querer"]);
    expect(spanish.notes.find((n) => n.fields[1] === "leche")!.guid).toBe(note("leche").guid);
  });

  it("exports a TSV with Anki's header lines and one escaped row per word", async () => {
    const { status, headers, bytes } = await download(actors.learner, "format=tsv&language=es");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/tab-separated-values; charset=utf-8");
    expect(headers.get("content-disposition")).toMatch(/^attachment; filename="lingoreel-words-es-\d{4}-\d{2}-\d{2}\.txt"$/);
    const lines = new TextDecoder().decode(bytes).split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "#separator:tab",
      "#html:true",
      "#columns:Word\tLemma\tMeaning\tSentence\tSentenceTranslation\tSource\tGUID\tTags",
      "#guid column:7",
      "#tags column:8",
    ]);
    const rows = lines.slice(5).filter(Boolean).map((l) => l.split("\t"));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toHaveLength(8);
    const cafe = rows.find((r) => r[1] === "café")!;
    expect(cafe[2]).toBe("coffee");
    expect(rows.find((r) => r[1] === "querer")![2]).toBe("to want &lt;very&gt; much");
    expect(cafe[7]).toBe("LingoReel es");
    const apkg = await readAnkiPackage((await download(actors.learner, "format=apkg&language=es")).bytes);
    expect(cafe[6]).toBe(apkg.notes.find((n) => n.fields[1] === "café")!.guid);
  });

  it("exports an empty package and TSV for a learner with no saved words, and refuses a malformed query", async () => {
    const empty = await readAnkiPackage((await download(actors.admin, "format=apkg")).bytes);
    expect(empty.notes).toEqual([]);
    expect(empty.media).toEqual({});
    const tsv = new TextDecoder().decode((await download(actors.admin, "format=tsv")).bytes);
    expect(tsv.split("\n").filter(Boolean)).toHaveLength(5);
    for (const bad of ["", "format=zip", "format=apkg&language=..%2F", "format=apkg&format=tsv"]) {
      const response = await exportRoute(apiRequest(`/api/words/export?${bad}`, { token: actors.learner.token }), { params: Promise.resolve({}) });
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { message: string }).message, bad).toBeTruthy();
    }
  });

  it("refuses an export over the limit with a message that says what to do", async () => {
    await t().db.execute(sql`
      INSERT INTO word_statuses (user_id, language, lemma, status, saved_at)
      SELECT ${actors.owner.id}, 'es', 'palabra' || n, 'learning', now() FROM generate_series(1, ${EXPORT_MAX_WORDS + 1}) AS n`);
    const response = await exportRoute(apiRequest("/api/words/export?format=apkg", { token: actors.owner.token }), { params: Promise.resolve({}) });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toMatch(/at most 10,000\. Export one language at a time\.$/);
    // The list still pages through them.
    const page = await saved(actors.owner, "?limit=200&offset=10000");
    expect(page.body.words).toHaveLength(1);
    expect(page.body.total).toBe(EXPORT_MAX_WORDS + 1);
  });
});
