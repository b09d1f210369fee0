/**
 * The hot reads run as prepared queries (db/prepared.ts; named statements on PGlite too,
 * db/pglite-statements.ts): they answer as a query built anew would, keep answering after the
 * tables they read change shape or the statements are dropped, and a failed run leaves the
 * database usable.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getVideoCaptions, getQuizForWord } from "@/db/queries/content";
import { searchVideoCards } from "@/db/queries/videos";
import { seedDemoContent } from "@/lib/setup/demo-content";
import { testDbKinds, useTestDb } from "../helpers/db";

const NOBODY = "00000000-0000-0000-0000-000000000000";

describe.each(testDbKinds)("prepared queries on %s", (kind) => {
  const db = useTestDb(kind);

  beforeAll(async () => {
    await seedDemoContent(db().db);
  });

  it("answer as before, whatever the values", async () => {
    const first = await getVideoCaptions(db().db, { videoId: 1 });
    expect(first?.captions.length).toBeGreaterThan(0);
    expect((await getVideoCaptions(db().db, { videoId: 2 }))?.captions[0]?.text).not.toBe(first?.captions[0]?.text);
    expect(await getVideoCaptions(db().db, { videoId: 999_999 })).toBeUndefined();
    const search = (term: string) => searchVideoCards(db().db, { publishedOnly: true, userId: NOBODY, term, limit: 20 });
    // "caf" is in one description only; "in" in several titles, which come before description matches.
    expect((await search("caf")).map((v) => v.title)).toEqual(["Ordering Coffee in Madrid"]);
    const many = await search("in");
    expect(many.length).toBeGreaterThan(1);
    const inTitle = many.map((v) => /in/i.test(v.title));
    expect(inTitle).toEqual([...inTitle].sort((a, b) => Number(b) - Number(a)));
    expect(await search("no such words anywhere")).toEqual([]);
  });

  it("keep answering after a table they read changes shape", async () => {
    const before = await getVideoCaptions(db().db, { videoId: 1 });
    await db().db.execute(sql`alter table captions alter column text type varchar(10000)`);
    expect(await getVideoCaptions(db().db, { videoId: 1 })).toEqual(before);
    await db().db.execute(sql`alter table captions alter column text type text`);
    expect(await getVideoCaptions(db().db, { videoId: 1 })).toEqual(before);
  });

  it.runIf(kind === "pglite")("keep answering after their statements are dropped, and after a failed run", async () => {
    const quiz = await getQuizForWord(db().db, { wordId: 1, nativeLanguage: "en" });
    expect(quiz?.quiz?.options).toHaveLength(4);
    await db().db.execute(sql`deallocate all`);
    expect(await getQuizForWord(db().db, { wordId: 1, nativeLanguage: "en" })).toEqual(quiz);
    await expect(getVideoCaptions(db().db, { videoId: "not a number" as unknown as number })).rejects.toThrow();
    expect(await getQuizForWord(db().db, { wordId: 1, nativeLanguage: "en" })).toEqual(quiz);
  });
});
