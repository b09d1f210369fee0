import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { languages } from "@/db/schema";
import { createTestDb, testDbKinds, useTestDb } from "../helpers/db";

describe.each(testDbKinds)("migrations on %s", (kind) => {
  const testDb = useTestDb(kind);

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
    const { openPglite } = await import("@/db/client");
    const { migrateDb, pendingMigrations } = await import("@/db/migrate");
    if (kind === "pglite") {
      const fresh = await openPglite(undefined);
      expect(await pendingMigrations(fresh)).toBeGreaterThan(0);
      await migrateDb(fresh);
      expect(await pendingMigrations(fresh)).toBe(0);
      await fresh.close();
    } else {
      const t = await createTestDb(kind);
      expect(await pendingMigrations(t)).toBe(0);
      await t.dispose();
    }
  });
});
