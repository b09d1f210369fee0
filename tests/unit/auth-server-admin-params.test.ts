/** The admin API's parameters read as GoTrue (Go) reads them: ban durations, user ids, the service-role key. */
import { describe, expect, it } from "vitest";
import type { Db } from "@/db/client";
import { banUntil, parseGoDuration } from "@/lib/auth-server/handlers/admin-ban";
import { parseGoUuid } from "@/lib/auth-server/handlers/admin-guard";
import { isServiceKey, newServiceKey } from "@/lib/auth-server/service-key";

const H = 3_600_000_000_000n;

describe("ban_duration", () => {
  it("reads Go durations as time.ParseDuration does", () => {
    expect(parseGoDuration("24h")).toBe(24n * H);
    expect(parseGoDuration("876000h")).toBe(876_000n * H);
    expect(parseGoDuration("1h30m")).toBe(H + H / 2n);
    expect(parseGoDuration("1.5h")).toBe(H + H / 2n);
    expect(parseGoDuration("-1.5h")).toBe(-(H + H / 2n));
    expect(parseGoDuration(".5s")).toBe(500_000_000n);
    expect(parseGoDuration("1.s")).toBe(1_000_000_000n);
    expect(parseGoDuration("0")).toBe(0n);
    expect(parseGoDuration("+0")).toBe(0n);
    expect(parseGoDuration("2µs")).toBe(2_000n);
    expect(parseGoDuration("2μs")).toBe(2_000n);
    expect(parseGoDuration("1h2m3s4ms5us6ns")).toBe(H + 2n * 60_000_000_000n + 3_000_000_000n + 4_000_000n + 5_000n + 6n);
    expect(parseGoDuration("2562047h47m16.854775807s")).toBe((1n << 63n) - 1n);
    expect(parseGoDuration("-9223372036854775808ns")).toBe(-(1n << 63n));
  });

  it("refuses what Go refuses, with Go's messages", () => {
    expect(() => parseGoDuration("")).toThrow('time: invalid duration ""');
    expect(() => parseGoDuration("10")).toThrow('time: missing unit in duration "10"');
    expect(() => parseGoDuration("1d")).toThrow('time: unknown unit "d" in duration "1d"');
    expect(() => parseGoDuration(".s")).toThrow('time: invalid duration ".s"');
    expect(() => parseGoDuration("h")).toThrow('time: invalid duration "h"');
    expect(() => parseGoDuration("1h-2m")).toThrow('time: unknown unit "h-" in duration "1h-2m"');
    expect(() => parseGoDuration("3000000h")).toThrow('time: invalid duration "3000000h"');
    expect(() => parseGoDuration("9223372036854775808ns")).toThrow('time: invalid duration "9223372036854775808ns"');
    expect(() => parseGoDuration("2562047h47m16.854775808s")).toThrow("time: invalid duration");
  });

  it("lifts a ban with none or a zero duration, leaves it alone when absent, and answers GoTrue's 400", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(banUntil(undefined, now)).toBeUndefined();
    expect(banUntil("", now)).toBeUndefined();
    expect(banUntil("none", now)).toBeNull();
    expect(banUntil("0s", now)).toBeNull();
    expect(banUntil("24h", now)).toEqual(new Date("2026-01-02T00:00:00Z"));
    expect(banUntil("-1h", now)).toEqual(new Date("2025-12-31T23:00:00Z"));
    expect(() => banUntil("1w", now)).toThrow('invalid format for ban duration: time: unknown unit "w" in duration "1w"');
  });
});

describe("user ids", () => {
  it("takes the spellings Go's uuid parser takes, in canonical form", () => {
    const id = "3f1b8a4e-2c6d-4e7f-9a1b-5c3d2e1f0a9b";
    expect(parseGoUuid(id)).toBe(id);
    expect(parseGoUuid(id.toUpperCase())).toBe(id);
    expect(parseGoUuid(`{${id}}`)).toBe(id);
    expect(parseGoUuid(`urn:uuid:${id}`)).toBe(id);
    expect(parseGoUuid(id.replace(/-/g, ""))).toBe(id);
    expect(parseGoUuid("not-a-uuid")).toBeNull();
    expect(parseGoUuid(`${id}0`)).toBeNull();
  });
});

describe("service-role key", () => {
  it("is made like Supabase's secret keys", () => {
    const a = newServiceKey();
    expect(a).toMatch(/^sb_secret_[A-Za-z0-9_-]{43}$/);
    expect(newServiceKey()).not.toBe(a);
  });

  it("is SUPABASE_SERVICE_ROLE_KEY when set, without asking the database", async () => {
    const noDb = {} as Db;
    expect(await isServiceKey(noDb, "the-configured-key", "the-configured-key")).toBe(true);
    expect(await isServiceKey(noDb, "the-configured-kez", "the-configured-key")).toBe(false);
    expect(await isServiceKey(noDb, "", "the-configured-key")).toBe(false);
  });
});
