/**
 * A dictionary entry as a learner meets it, on PGlite and Postgres: a FreeDict entry (headword
 * line with its pronunciation, numbered senses) imported as Debian ships it, looked up through
 * GET /api/words/lookup and drawn by the word popover's meaning, is numbered once, with the
 * pronunciation apart and no repeated headword; the credit carries the licence whole. The saved
 * words list and its TSV export show the same senses, without numbers or pronunciation.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/words/export/route";
import { GET as lookupRoute } from "@/app/api/words/lookup/route";
import { GET as savedRoute } from "@/app/api/words/saved/route";
import { PUT as putStatusRoute } from "@/app/api/words/status/route";
import { WordMeaning } from "@/components/words/word-meaning";
import { importDictionaryFile } from "@/lib/words/meanings/dictionary-import";
import type { WordLookup } from "@/lib/words/meanings/lookup";
import { writeDictd } from "@/scripts/standins/dictd-writer";
import { apiRequest, seedActors, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { WithIntl } from "../helpers/intl";
import { call } from "../helpers/learner-api";

/** FreeDict's description, as dict-freedict-spa-eng has it: the licence wraps over two lines of its "Availability:" paragraph. */
const SPA_ENG_INFO = [
  "Spanish-English FreeDict Dictionary",
  "",
  "Maintainer: [up for grabs]",
  "",
  "Edition: 0.3.1",
  "",
  "Availability:",
  "",
  "    Copyright (C) 1999-2019 by various authors listed below.",
  "    Available under the terms of the GNU General Public License ver. 2.0 and",
  "  any later version.",
  "    This program is free software; you can redistribute it and/or modify it",
  "  under the terms of the GNU General Public License as published by the",
  "  Free Software Foundation; either version 2 of the License, or (at your",
  "  option) any later version.",
  "",
  "Published at: http://freedict.org/",
].join("\n");
const LICENCE = "GNU General Public License ver. 2.0 and any later version";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "dict-entries-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The text of each element the pattern matches, tags inside it dropped. */
const texts = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].map((m) => m[1]!.replace(/<[^>]*>/g, "").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&"));

describe.each(testDbKinds)("dictionary entries as a learner sees them on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;

  beforeAll(async () => {
    actors = await seedActors(t().db, `dict-entries-${kind}`);
    const files = await writeDictd(
      dir,
      `${kind}-freedict-spa-eng`,
      [
        { headword: "querer", text: "querer /keɾˈeɾ/\n1. love\n2. desire, wish" },
        { headword: "casa", text: "casa /kˈasa/ <n, fem>\nhouse" },
      ],
      { short: "Spanish-English FreeDict Dictionary ver. 0.3.1", info: SPA_ENG_INFO },
    );
    await importDictionaryFile(t().db, files.index);
  }, 120_000);

  const lookup = async (who: Actor, surface: string) => {
    const { status, body } = await call(lookupRoute, `/api/words/lookup?${new URLSearchParams({ language: "es", nativeLanguage: "en", surface })}`, { token: who.token });
    expect(status).toBe(200);
    return body as WordLookup;
  };
  const popover = (data: WordLookup) =>
    renderToStaticMarkup(createElement(WithIntl, null, createElement(WordMeaning, { lookup: { data, isPending: false, isError: false, error: null } })));

  it("numbers an entry's senses once, shows its pronunciation apart, and does not repeat its headword", async () => {
    const body = await lookup(actors.learner, "querer");
    expect(body.source).toBe("dictionary");
    expect(body.dictionaries).toEqual([
      expect.objectContaining({ name: "Spanish-English FreeDict Dictionary", edition: "0.3.1", pronunciation: "/keɾˈeɾ/", grammar: null, definitions: ["love", "desire, wish"] }),
    ]);

    const html = popover(body);
    expect(texts(html, /<li[^>]*>([\s\S]*?)<\/li>/g)).toEqual(["love", "desire, wish"]);
    expect(texts(html, /<ol[^>]*>([\s\S]*?)<\/ol>/g)).toEqual(["lovedesire, wish"]);
    expect(texts(html, /data-testid="dictionary-pronunciation"[^>]*>([\s\S]*?)<\/span>/g)).toEqual(["/keɾˈeɾ/"]);
    const meaning = html.replace(/<[^>]*>/g, " ");
    expect(meaning).not.toMatch(/querer/);
    expect(meaning).not.toMatch(/\b\d+\.\s/);
  });

  it("shows one sense unnumbered, with the grammar the headword line gives beside the pronunciation", async () => {
    const body = await lookup(actors.learner, "casa");
    expect(body.dictionaries[0]).toMatchObject({ pronunciation: "/kˈasa/", grammar: "n, fem", definitions: ["house"] });
    const html = popover(body);
    expect(html).not.toContain("<ol");
    expect(texts(html, /data-testid="dictionary-sense"[^>]*>([\s\S]*?)<\/p>/g)).toEqual(["house"]);
    expect(texts(html, /data-testid="dictionary-grammar"[^>]*>([\s\S]*?)<\/span>/g)).toEqual(["n, fem"]);
  });

  it("credits the dictionary with its licence whole, as its Availability paragraph states it", async () => {
    const body = await lookup(actors.learner, "querer");
    expect(body.dictionaries[0]!.licence).toBe(LICENCE);
    const [credit] = texts(popover(body), /data-testid="word-credit"[^>]*>([\s\S]*?)<\/p>/g);
    expect(credit).toBe(`From Spanish-English FreeDict Dictionary (0.3.1), ${LICENCE}`);
  });

  it("gives the saved words list and the TSV export the senses alone", async () => {
    const saved = await call(putStatusRoute, "/api/words/status", { method: "PUT", token: actors.learner.token, body: { language: "es", lemma: "querer", status: "learning" } });
    expect(saved.status).toBe(200);
    const list = await call(savedRoute, "/api/words/saved", { token: actors.learner.token });
    const querer = (list.body.words as { lemma: string; meaning: unknown }[]).find((w) => w.lemma === "querer");
    expect(querer?.meaning).toEqual({ text: "love; desire, wish", source: "dictionary" });

    const response = await exportRoute(apiRequest("/api/words/export?format=tsv&language=es", { token: actors.learner.token }), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    const row = (await response.text()).split("\n").find((line) => line.startsWith("querer\t"));
    expect(row?.split("\t")[2]).toBe("love; desire, wish");
  });
});
