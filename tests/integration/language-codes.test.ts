/**
 * Every route and parameter that takes a language code, on PGlite and Postgres: a code the app
 * does not offer (SPEC §3: en, es, fr, de, it, pt, sv, ja, zh) is a 400 naming the languages it
 * does, never a 500 ("es-12" used to reach toLocaleLowerCase and throw) nor a code sent on to the
 * AI; the offered codes still work. Also: the `languages` table holds exactly those nine, and every
 * language field of lib/validation takes them and nothing else.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { GET as dueRoute } from "@/app/api/review/due/route";
import { POST as answerRoute } from "@/app/api/review/answers/route";
import { POST as settingsRoute } from "@/app/api/settings/route";
import { GET as progressVideosRoute } from "@/app/api/users/progress-videos/route";
import { PUT as putVideoRoute } from "@/app/api/videos/[id]/route";
import { GET as segmentTranslationsRoute } from "@/app/api/videos/[id]/segment-translations/route";
import { GET as popularRoute } from "@/app/api/videos/popular/route";
import { GET as recommendedRoute } from "@/app/api/videos/recommended/route";
import { GET as videoLanguagesRoute } from "@/app/api/videos/languages/route";
import { GET as listVideosRoute, POST as addVideoRoute } from "@/app/api/videos/route";
import { GET as quizRoute } from "@/app/api/words/[id]/quiz/route";
import { GET as exportRoute } from "@/app/api/words/export/route";
import { GET as lookupRoute } from "@/app/api/words/lookup/route";
import { DELETE as deleteNoteRoute, PUT as putNoteRoute } from "@/app/api/words/notes/route";
import { GET as savedRoute } from "@/app/api/words/saved/route";
import { PUT as statusRoute } from "@/app/api/words/status/route";
import { listLanguageCodes } from "@/db/queries/languages";
import { getBoss } from "@/lib/jobs/boss";
import { createLocalStorage, installStorage } from "@/lib/storage";
import { APP_LANGUAGES } from "@/lib/validation/languages";
import { setAiServer, setEnv } from "@/scripts/standins/env";
import { apiRequest, seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { seedVideo, type VideoFixture } from "../helpers/videos";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Codes that passed the old checks ("es-12", "es-a1b2" matched their pattern) and plain garbage. */
const BAD_CODES: [string, string | number][] = [
  ["es-12", "es-12"],
  ["es-a1b2", "es-a1b2"],
  ["xx", "xx"],
  ["EN-", "EN-"],
  ["empty", ""],
  ["NUL", "\u0000"],
  ["300 characters", "e".repeat(300)],
  ["a number", 12],
];
const OFFERED = "en, es, fr, de, it, pt, sv, ja, zh";

type Answer = { status: number; message?: string };
type Ctx = { learner: Actor; admin: Actor; video: VideoFixture };
type Case = {
  name: string;
  field: string;
  send: (ctx: Ctx, code: string | number) => Promise<Answer>;
  good: string;
  goodStatus: number;
  /** Multipart form data drops empty fields (the form's "not chosen"), so "" is the default there. */
  skip?: string[];
};

async function answer(handler: Handler, url: string, init: Parameters<typeof apiRequest>[1] & { params?: Record<string, string> } = {}): Promise<Answer> {
  const response = await handler(apiRequest(url, init), { params: Promise.resolve(init.params ?? {}) });
  const json = response.headers.get("content-type")?.includes("json") ? ((await response.json()) as { message?: string }) : (await response.body?.cancel(), {});
  return { status: response.status, message: json.message };
}
const q = (code: string | number) => encodeURIComponent(String(code));

const CASES: Case[] = [
  { name: "POST /api/settings", field: "nativeLanguage", good: "en", goodStatus: 200, send: ({ learner }, code) => answer(settingsRoute, "/api/settings", { method: "POST", token: learner.token, body: { nativeLanguage: code } }) },
  { name: "POST /api/settings", field: "targetLanguage", good: "es", goodStatus: 200, send: ({ learner }, code) => answer(settingsRoute, "/api/settings", { method: "POST", token: learner.token, body: { targetLanguage: code } }) },
  { name: "GET /api/videos", field: "nativeLanguage", good: "en", goodStatus: 200, send: ({ learner }, code) => answer(listVideosRoute, `/api/videos?nativeLanguage=${q(code)}`, { token: learner.token }) },
  { name: "GET /api/videos/popular", field: "nativeLanguage", good: "en", goodStatus: 200, send: ({ learner }, code) => answer(popularRoute, `/api/videos/popular?nativeLanguage=${q(code)}`, { token: learner.token }) },
  { name: "GET /api/videos/recommended", field: "nativeLanguage", good: "en", goodStatus: 200, send: ({ learner }, code) => answer(recommendedRoute, `/api/videos/recommended?nativeLanguage=${q(code)}`, { token: learner.token }) },
  { name: "GET /api/videos/languages", field: "nativeLanguage", good: "en", goodStatus: 200, send: ({ learner }, code) => answer(videoLanguagesRoute, `/api/videos/languages?nativeLanguage=${q(code)}`, { token: learner.token }) },
  { name: "GET /api/users/progress-videos", field: "nativeLanguage", good: "en", goodStatus: 200, send: ({ learner }, code) => answer(progressVideosRoute, `/api/users/progress-videos?nativeLanguage=${q(code)}`, { token: learner.token }) },
  {
    name: "GET /api/videos/{id}/segment-translations",
    field: "language",
    good: "en",
    goodStatus: 200,
    send: ({ learner, video }, code) => answer(segmentTranslationsRoute, `/api/videos/${video.id}/segment-translations?language=${q(code)}`, { token: learner.token, params: { id: String(video.id) } }),
  },
  {
    name: "GET /api/words/{id}/quiz",
    field: "nativeLanguage",
    good: "en",
    goodStatus: 200,
    send: ({ learner, video }, code) => answer(quizRoute, `/api/words/${video.wordId}/quiz?nativeLanguage=${q(code)}`, { token: learner.token, params: { id: String(video.wordId) } }),
  },
  { name: "GET /api/words/lookup", field: "language", good: "es", goodStatus: 200, send: ({ learner }, code) => answer(lookupRoute, `/api/words/lookup?language=${q(code)}&surface=leche`, { token: learner.token }) },
  {
    name: "GET /api/words/lookup",
    field: "nativeLanguage",
    good: "en",
    goodStatus: 200,
    send: ({ learner }, code) => answer(lookupRoute, `/api/words/lookup?language=es&nativeLanguage=${q(code)}&surface=leche`, { token: learner.token }),
  },
  { name: "PUT /api/words/notes", field: "language", good: "es", goodStatus: 200, send: ({ learner }, code) => answer(putNoteRoute, "/api/words/notes", { method: "PUT", token: learner.token, body: { language: code, lemma: "leche", note: "milk" } }) },
  { name: "DELETE /api/words/notes", field: "language", good: "es", goodStatus: 200, send: ({ learner }, code) => answer(deleteNoteRoute, `/api/words/notes?language=${q(code)}&lemma=leche`, { method: "DELETE", token: learner.token }) },
  // Saving the word gives the learner the card the review answer below grades.
  { name: "PUT /api/words/status", field: "language", good: "es", goodStatus: 200, send: ({ learner }, code) => answer(statusRoute, "/api/words/status", { method: "PUT", token: learner.token, body: { language: code, lemma: "café", status: "learning" } }) },
  { name: "GET /api/words/saved", field: "language", good: "es", goodStatus: 200, send: ({ learner }, code) => answer(savedRoute, `/api/words/saved?language=${q(code)}`, { token: learner.token }) },
  { name: "GET /api/words/export", field: "language", good: "es", goodStatus: 200, send: ({ learner }, code) => answer(exportRoute, `/api/words/export?format=tsv&language=${q(code)}`, { token: learner.token }) },
  { name: "GET /api/review/due", field: "language", good: "es", goodStatus: 200, send: ({ learner }, code) => answer(dueRoute, `/api/review/due?language=${q(code)}`, { token: learner.token }) },
  { name: "POST /api/review/answers", field: "language", good: "es", goodStatus: 200, send: ({ learner }, code) => answer(answerRoute, "/api/review/answers", { method: "POST", token: learner.token, body: { language: code, lemma: "café", grade: "good" } }) },
  {
    name: "POST /api/videos (JSON)",
    field: "targetLanguage",
    good: "fr",
    goodStatus: 201,
    send: ({ admin }, code) => answer(addVideoRoute, "/api/videos", { method: "POST", token: admin.token, body: { youtubeId: "abcdefghijk", title: "Une leçon", targetLanguage: code } }),
  },
  {
    name: "POST /api/videos (multipart)",
    field: "targetLanguage",
    good: "ja",
    goodStatus: 201,
    skip: ["empty"],
    send: async ({ admin }, code) => {
      const form = new FormData();
      form.set("youtubeId", "https://youtu.be/abcdefghijk");
      form.set("targetLanguage", String(code));
      form.set("subtitleFile", new File(["1\n00:00:00,000 --> 00:00:01,000\nこんにちは\n"], "lesson.srt"));
      const response = await addVideoRoute(new Request("http://localhost:3000/api/videos", { method: "POST", headers: { authorization: `Bearer ${admin.token}` }, body: form }), { params: Promise.resolve({}) });
      return { status: response.status, message: ((await response.json()) as { message?: string }).message };
    },
  },
  {
    name: "PUT /api/videos/{id}",
    field: "targetLanguage",
    good: "es",
    goodStatus: 200,
    send: ({ admin, video }, code) => answer(putVideoRoute, `/api/videos/${video.id}`, { method: "PUT", token: admin.token, body: { targetLanguage: code }, params: { id: String(video.id) } }),
  },
];

describe.each(testDbKinds)("language codes on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let ctx: Ctx;
  let storeDir: string;

  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(tmpdir(), "language-codes-"));
    const storage = createLocalStorage(storeDir);
    installStorage(storage);
    // No AI (a lookup answers "no meaning yet") and no YouTube: a refused port gives no title at once.
    setAiServer(undefined);
    setEnv({ YOUTUBE_OEMBED_URL: "http://127.0.0.1:9/oembed" });
    actors = await seedActors(t().db, `langs-${kind}`);
    ctx = { learner: actors.learner, admin: actors.admin, video: await seedVideo(t().db, "published", storage) };
    await getBoss(t());
  });

  afterAll(async () => {
    setEnv({ YOUTUBE_OEMBED_URL: undefined });
    installStorage(undefined);
    await rm(storeDir, { recursive: true, force: true });
  });

  it("offers in its languages table exactly the nine languages requests are checked against", async () => {
    expect((await listLanguageCodes(t().db)).sort()).toEqual([...APP_LANGUAGES].sort());
  });

  it.each(CASES.map((c) => [`${c.name} ${c.field}`, c] as const))("%s: a code the app does not offer is a 400 naming those it does; an offered one works", async (_label, c) => {
    const codes = BAD_CODES.filter(([label]) => !c.skip?.includes(label));
    const refused = [];
    for (const [label, code] of codes) refused.push({ code: label, ...(await c.send(ctx, code)) });
    // NUL is refused before any schema, by the request reader, naming the field too.
    const message = (label: string) => (label === "NUL" ? expect.stringMatching(new RegExp(`\\b${c.field}\\b.* must not contain NUL characters$`)) : `${c.field}: ${c.field} must be one of ${OFFERED}`);
    expect(refused).toEqual(codes.map(([label]) => ({ code: label, status: 400, message: message(label) })));
    const accepted = await c.send(ctx, c.good);
    expect({ ...accepted, message: undefined }, accepted.message).toEqual({ status: c.goodStatus, message: undefined });
  });

  it("forgives upper case and spaces around an offered code, as the word popover always did", async () => {
    expect((await CASES.find((c) => c.name === "GET /api/words/lookup")!.send(ctx, " ES ")).status).toBe(200);
    const saved = await answer(settingsRoute, "/api/settings", { method: "POST", token: ctx.learner.token, body: { nativeLanguage: "EN", targetLanguage: "Es" } });
    expect(saved.status).toBe(200);
  });
});

/** lib/validation's exported schemas, unwrapped to the objects whose fields a language may be. */
const VALIDATION_DIR = path.resolve(__dirname, "../../lib/validation");
type Schema = z.ZodType & { _zod: { def: Record<string, unknown> } };

function objectShapes(schema: Schema, seen = new Set<Schema>()): Record<string, Schema>[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def;
  if (def.type === "object") return [def.shape as Record<string, Schema>];
  const inner = [def.innerType, def.in, def.out].filter((s): s is Schema => !!s && typeof s === "object" && "_zod" in s);
  return inner.flatMap((s) => objectShapes(s, seen));
}

async function languageFields(): Promise<Map<string, { field: string; schema: Schema }[]>> {
  const found = new Map<string, { field: string; schema: Schema }[]>();
  for (const file of readdirSync(VALIDATION_DIR).filter((f) => f.endsWith(".ts"))) {
    const mod = (await import(path.join(VALIDATION_DIR, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (!value || typeof value !== "object" || !("_zod" in value)) continue;
      const fields = objectShapes(value as Schema).flatMap((shape) =>
        Object.entries(shape)
          .filter(([field]) => /language$/i.test(field))
          .map(([field, schema]) => ({ field, schema })),
      );
      if (fields.length) found.set(name, fields);
    }
  }
  return found;
}

describe("language fields of lib/validation", () => {
  it("every schema's language field takes the offered codes and refuses the others", async () => {
    const fields = await languageFields();
    // The lookup's, the notes', the lists', the settings' and the admin's, at least.
    expect([...fields.keys()]).toEqual(expect.arrayContaining(["wordLookupQuerySchema", "wordNoteKeySchema", "listQuerySchema", "settingsUpdateSchema", "settingsFormSchema", "createVideoSchema", "updateVideoSchema"]));
    for (const [name, list] of fields) {
      for (const { field, schema } of list) {
        for (const code of APP_LANGUAGES) expect(schema.safeParse(code).success, `${name}.${field} refused ${code}`).toBe(true);
        for (const [label, code] of BAD_CODES) {
          const parsed = schema.safeParse(code);
          // An optional field may be left out, never sent as one of these.
          expect(parsed.success, `${name}.${field} took ${label}`).toBe(false);
        }
      }
    }
  });

  it("every route that reads a schema with a language field is among the routes tested above", async () => {
    const fields = await languageFields();
    const apiDir = path.resolve(__dirname, "../../app/api");
    const tested = new Set(CASES.map((c) => c.name.replace(/ \(.*\)$/, "").split(" ")[1]));
    for (const file of readdirSync(apiDir, { recursive: true }) as string[]) {
      if (path.basename(file) !== "route.ts") continue;
      const source = readFileSync(path.join(apiDir, file), "utf8");
      const route = `/api/${path.dirname(file).split(path.sep).join("/")}`.replace(/\[(\w+)\]/g, "{$1}");
      for (const name of fields.keys()) if (new RegExp(`\\b${name}\\b`).test(source)) expect(tested, `${route} reads ${name}`).toContain(route);
    }
  });
});
