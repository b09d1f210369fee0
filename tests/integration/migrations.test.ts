import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { languages } from "@/db/schema";
import { createTestDb, testDbKinds, useTestDb } from "../helpers/db";

describe.each(testDbKinds)("migrations on %s", (kind) => {
  // Migrated here from an empty database, not copied from the run's template.
  const testDb = useTestDb(kind, { fresh: true });

  it("creates the supported languages", async () => {
    const rows = await testDb().db.select().from(languages).orderBy(languages.sortOrder);
    expect(rows.map((r) => r.code)).toEqual(["en", "es", "fr", "de", "it", "pt", "sv", "ja", "zh"]);
  });

  it("uses a trigram index for case-insensitive title search", async () => {
    await testDb().db.execute(sql`SET enable_seqscan = off`);
    const plan = await testDb().db.execute(sql`EXPLAIN SELECT id FROM videos WHERE title ILIKE '%hola%'`);
    const text = JSON.stringify(plan);
    expect(text).toContain("videos_title_trgm_idx");
    await testDb().db.execute(sql`RESET enable_seqscan`);
  });

  it("is idempotent when applied again", async () => {
    const { migrateDb } = await import("@/db/migrate");
    await expect(migrateDb(testDb())).resolves.toBeUndefined();
  });
});

describe.each(testDbKinds)("pending migrations on %s", (kind) => {
  it("counts what a database still needs", async () => {
    const { migrateDb, pendingMigrations } = await import("@/db/migrate");
    if (kind === "pglite") {
      const fresh = await createTestDb(kind, { fresh: true, migrate: false });
      expect(await pendingMigrations(fresh)).toBeGreaterThan(0);
      await migrateDb(fresh);
      expect(await pendingMigrations(fresh)).toBe(0);
      await fresh.dispose();
    } else {
      const t = await createTestDb(kind);
      expect(await pendingMigrations(t)).toBe(0);
      await t.dispose();
    }
  });
});

describe.each(testDbKinds)("the migration to stable word progress on %s", (kind) => {
  it("carries each learner's word records over to their video and word key, and days keep their zone", async () => {
    const { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const { migrateDb, migrationsFolder } = await import("@/db/migrate");
    const { resultRows } = await import("@/db/client");

    // The migrations before this one, in a folder of their own.
    const earlier = mkdtempSync(path.join(tmpdir(), "lingoreel-migrations-"));
    cpSync(migrationsFolder, earlier, { recursive: true });
    const journalPath = path.join(earlier, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith("_stable_word_progress"));
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const db = await createTestDb(kind, { fresh: true, migrate: false });
    try {
      await migrateDb(db, earlier);
      const user = "00000000-0000-4000-8000-000000000001";
      await db.db.execute(sql`INSERT INTO users (id, email, time_zone) VALUES (${user}, 'old@example.com', 'Europe/Paris')`);
      await db.db.execute(sql`INSERT INTO videos (id, youtube_id, title, status) VALUES (41, 'abcdefghijk', 'Old', 'active')`);
      await db.db.execute(sql`INSERT INTO words (id, video_id, word, timestamp_ms) VALUES (501, 41, 'Perro', 0), (502, 41, 'casa', 1000)`);
      await db.db.execute(sql`
        INSERT INTO user_word_progress (user_id, word_id, learned, correct_count, incorrect_count)
        VALUES (${user}, 501, true, 2, 1), (${user}, 502, false, 0, 3)`);

      await migrateDb(db);
      const rows = resultRows<{ video_id: number; word_key: string; learned: boolean; correct_count: number; incorrect_count: number }>(
        await db.db.execute(sql`SELECT video_id, word_key, learned, correct_count, incorrect_count FROM user_word_progress ORDER BY word_key`),
      );
      expect(rows).toEqual([
        { video_id: 41, word_key: "casa", learned: false, correct_count: 0, incorrect_count: 3 },
        { video_id: 41, word_key: "perro", learned: true, correct_count: 2, incorrect_count: 1 },
      ]);
      const zones = resultRows<{ time_zone: string; day_time_zone: string }>(await db.db.execute(sql`SELECT time_zone, day_time_zone FROM users`));
      expect(zones).toEqual([{ time_zone: "Europe/Paris", day_time_zone: "Europe/Paris" }]);
      // The records no longer hang on the word rows: re-processing may replace them.
      await db.db.execute(sql`DELETE FROM words WHERE video_id = 41`);
      expect(resultRows<{ n: number }>(await db.db.execute(sql`SELECT count(*)::int AS n FROM user_word_progress`))[0]!.n).toBe(2);
    } finally {
      await db.dispose();
      rmSync(earlier, { recursive: true, force: true });
    }
  });
});
