/**
 * lib/progress/days.ts: calendar days in the learner's time zone, day arithmetic, and the streak
 * rule (a day counts once it has a quiz; the run shows until a whole day passes without one).
 */
import { describe, expect, it } from "vitest";
import { addDays, currentStreak, dayTimeZone, daysAt, isValidTimeZone, localDay, moveDay, savedTimeZone, streakAfterQuiz, type StreakState, type ZoneState } from "@/lib/progress/days";

describe("isValidTimeZone", () => {
  it.each(["UTC", "Europe/Paris", "America/Los_Angeles", "Pacific/Auckland", "America/Argentina/Buenos_Aires", "Asia/Kolkata", "Etc/GMT+5"])(
    "accepts the IANA zone %s",
    (zone) => expect(isValidTimeZone(zone)).toBe(true),
  );

  it.each(["", "Mars/Olympus", "Europe/Atlantis", " UTC", "UTC ", "Europe/Paris\u0000", "../etc/passwd", `Europe/${"x".repeat(60)}`])(
    "refuses %j",
    (zone) => expect(isValidTimeZone(zone)).toBe(false),
  );

  it("refuses anything longer than 64 characters", () => {
    expect(isValidTimeZone("A".repeat(65))).toBe(false);
  });
});

describe("localDay", () => {
  it("gives the calendar day as YYYY-MM-DD in the zone", () => {
    expect(localDay(new Date("2026-03-05T12:00:00Z"), "UTC")).toBe("2026-03-05");
    expect(localDay(new Date("2026-03-05T12:00:00Z"), "Europe/Stockholm")).toBe("2026-03-05");
    expect(localDay(new Date("2026-09-09T00:00:00Z"), "UTC")).toBe("2026-09-09");
  });

  it("puts one instant on different days in different zones", () => {
    // 23:30 UTC on New Year's Eve.
    const instant = new Date("2025-12-31T23:30:00Z");
    expect(localDay(instant, "UTC")).toBe("2025-12-31");
    expect(localDay(instant, "Asia/Tokyo")).toBe("2026-01-01");
    expect(localDay(instant, "Pacific/Auckland")).toBe("2026-01-01");
    expect(localDay(instant, "America/Los_Angeles")).toBe("2025-12-31");
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are two calendar days apart at noon UTC.
    const noon = new Date("2026-05-10T12:00:00Z");
    expect(localDay(noon, "Pacific/Kiritimati")).toBe("2026-05-11");
    expect(localDay(noon, "Pacific/Pago_Pago")).toBe("2026-05-10");
    expect(localDay(new Date("2026-05-10T10:59:00Z"), "Pacific/Pago_Pago")).toBe("2026-05-09");
  });

  it("changes day exactly at local midnight, also in zones with half- and quarter-hour offsets", () => {
    // Los Angeles in March before daylight saving: UTC-8.
    expect(localDay(new Date("2026-03-03T07:59:59Z"), "America/Los_Angeles")).toBe("2026-03-02");
    expect(localDay(new Date("2026-03-03T08:00:00Z"), "America/Los_Angeles")).toBe("2026-03-03");
    // Kolkata UTC+5:30, Chatham (January) UTC+13:45.
    expect(localDay(new Date("2026-06-30T18:29:00Z"), "Asia/Kolkata")).toBe("2026-06-30");
    expect(localDay(new Date("2026-06-30T18:30:00Z"), "Asia/Kolkata")).toBe("2026-07-01");
    expect(localDay(new Date("2026-01-10T10:14:00Z"), "Pacific/Chatham")).toBe("2026-01-10");
    expect(localDay(new Date("2026-01-10T10:15:00Z"), "Pacific/Chatham")).toBe("2026-01-11");
  });

  it("follows daylight saving: midnight moves by an hour in UTC terms", () => {
    // Los Angeles: UTC-8 until 2026-03-08 02:00, then UTC-7; back to UTC-8 on 2026-11-01.
    expect(localDay(new Date("2026-03-09T06:59:00Z"), "America/Los_Angeles")).toBe("2026-03-08");
    expect(localDay(new Date("2026-03-09T07:00:00Z"), "America/Los_Angeles")).toBe("2026-03-09");
    expect(localDay(new Date("2026-11-01T06:59:00Z"), "America/Los_Angeles")).toBe("2026-10-31");
    expect(localDay(new Date("2026-11-02T07:59:00Z"), "America/Los_Angeles")).toBe("2026-11-01");
    expect(localDay(new Date("2026-11-02T08:00:00Z"), "America/Los_Angeles")).toBe("2026-11-02");
    // Auckland (southern hemisphere): UTC+12 in July, UTC+13 in January.
    expect(localDay(new Date("2026-07-15T11:59:00Z"), "Pacific/Auckland")).toBe("2026-07-15");
    expect(localDay(new Date("2026-07-15T12:00:00Z"), "Pacific/Auckland")).toBe("2026-07-16");
    expect(localDay(new Date("2026-01-15T11:00:00Z"), "Pacific/Auckland")).toBe("2026-01-16");
  });

  it("counts an unknown or empty zone as UTC", () => {
    const lateUtc = new Date("2026-05-05T23:30:00Z");
    expect(localDay(lateUtc, "Mars/Olympus")).toBe("2026-05-05");
    expect(localDay(lateUtc, "")).toBe("2026-05-05");
    // The same instant is already the 6th in Tokyo: the fallback really is UTC, not some zone.
    expect(localDay(lateUtc, "Asia/Tokyo")).toBe("2026-05-06");
  });

  it("gives the same answer on repeated calls (formatters are reused per zone)", () => {
    const instants = ["2026-02-28T23:00:00Z", "2026-03-01T01:00:00Z"].map((s) => new Date(s));
    const first = instants.map((d) => [localDay(d, "America/New_York"), localDay(d, "Europe/Berlin")]);
    const again = instants.map((d) => [localDay(d, "America/New_York"), localDay(d, "Europe/Berlin")]);
    expect(first).toEqual([
      ["2026-02-28", "2026-03-01"],
      ["2026-02-28", "2026-03-01"],
    ]);
    expect(again).toEqual(first);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-05-10", 0, "2026-05-10"],
    ["2026-05-10", 1, "2026-05-11"],
    ["2026-05-10", -1, "2026-05-09"],
    ["2026-01-31", 1, "2026-02-01"],
    ["2026-04-30", 1, "2026-05-01"],
    ["2026-05-01", -1, "2026-04-30"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2027-01-01", -1, "2026-12-31"],
    // Leap years: every 4th year, not centuries, but every 400th year.
    ["2026-02-28", 1, "2026-03-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2028-02-29", 1, "2028-03-01"],
    ["2028-03-01", -1, "2028-02-29"],
    ["2100-02-28", 1, "2100-03-01"],
    ["2000-02-28", 1, "2000-02-29"],
    // Daylight-saving dates are ordinary days.
    ["2026-03-08", 1, "2026-03-09"],
    ["2026-03-29", 1, "2026-03-30"],
    ["2026-11-01", -1, "2026-10-31"],
    // Longer steps.
    ["2026-01-01", 365, "2027-01-01"],
    ["2028-01-01", 366, "2029-01-01"],
    ["2029-01-01", -366, "2028-01-01"],
    ["2026-01-15", 45, "2026-03-01"],
  ] as const)("%s %+d days is %s", (day, offset, expected) => {
    expect(addDays(day, offset)).toBe(expected);
  });

  it("walks forwards and back to the same day", () => {
    let day = "2027-12-20";
    for (let i = 0; i < 800; i++) day = addDays(day, 1);
    expect(day).toBe("2030-02-27");
    for (let i = 0; i < 800; i++) day = addDays(day, -1);
    expect(day).toBe("2027-12-20");
  });
});

describe("currentStreak", () => {
  const run = { streak: 4, lastActiveDate: "2026-06-10" };

  it("shows the run today and tomorrow (today not yet counted), 0 once a whole day is missed", () => {
    expect(currentStreak(run, "2026-06-10")).toBe(4);
    expect(currentStreak(run, "2026-06-11")).toBe(4);
    expect(currentStreak(run, "2026-06-12")).toBe(0);
    expect(currentStreak(run, "2026-07-11")).toBe(0);
  });

  it("is 0 for someone who never finished a quiz", () => {
    expect(currentStreak({ streak: 0, lastActiveDate: null }, "2026-06-10")).toBe(0);
    expect(currentStreak({ streak: 3, lastActiveDate: null }, "2026-06-10")).toBe(0);
  });

  it("carries across month, year and leap-day boundaries", () => {
    expect(currentStreak({ streak: 2, lastActiveDate: "2026-02-28" }, "2026-03-01")).toBe(2);
    expect(currentStreak({ streak: 2, lastActiveDate: "2028-02-28" }, "2028-03-01")).toBe(0);
    expect(currentStreak({ streak: 2, lastActiveDate: "2028-02-29" }, "2028-03-01")).toBe(2);
    expect(currentStreak({ streak: 9, lastActiveDate: "2026-12-31" }, "2027-01-01")).toBe(9);
    expect(currentStreak({ streak: 9, lastActiveDate: "2026-12-30" }, "2027-01-01")).toBe(0);
  });

  it("keeps the run when the stored day is ahead of today (the learner moved west)", () => {
    expect(currentStreak(run, "2026-06-09")).toBe(4);
  });
});

describe("streakAfterQuiz", () => {
  const fresh: StreakState = { streak: 0, longestStreak: 0, lastActiveDate: null };

  it("starts at 1 and grows by one on each next day", () => {
    const day1 = streakAfterQuiz(fresh, "2026-02-27");
    expect(day1).toEqual({ streak: 1, longestStreak: 1, lastActiveDate: "2026-02-27" });
    const day2 = streakAfterQuiz(day1, "2026-02-28");
    const day3 = streakAfterQuiz(day2, "2026-03-01");
    expect([day2.streak, day3.streak]).toEqual([2, 3]);
    expect(day3).toEqual({ streak: 3, longestStreak: 3, lastActiveDate: "2026-03-01" });
  });

  it("does not count a day twice", () => {
    const state = { streak: 3, longestStreak: 5, lastActiveDate: "2026-06-10" };
    expect(streakAfterQuiz(state, "2026-06-10")).toEqual(state);
    expect(streakAfterQuiz(streakAfterQuiz(state, "2026-06-10"), "2026-06-10")).toEqual(state);
  });

  it("starts over after a missed day, keeping the longest run", () => {
    expect(streakAfterQuiz({ streak: 5, longestStreak: 5, lastActiveDate: "2026-06-10" }, "2026-06-12")).toEqual({
      streak: 1,
      longestStreak: 5,
      lastActiveDate: "2026-06-12",
    });
    // A stored run long lapsed is not continued either.
    expect(streakAfterQuiz({ streak: 7, longestStreak: 9, lastActiveDate: "2025-01-01" }, "2026-06-12").streak).toBe(1);
  });

  it("raises the longest run only once the current one passes it", () => {
    let state: StreakState = { streak: 1, longestStreak: 3, lastActiveDate: "2026-06-01" };
    const seen: [number, number][] = [];
    for (const day of ["2026-06-02", "2026-06-03", "2026-06-04", "2026-06-05"]) {
      state = streakAfterQuiz(state, day);
      seen.push([state.streak, state.longestStreak]);
    }
    expect(seen).toEqual([
      [2, 3],
      [3, 3],
      [4, 4],
      [5, 5],
    ]);
    expect(streakAfterQuiz(state, "2026-06-07")).toMatchObject({ streak: 1, longestStreak: 5 });
  });

  it("continues across year and leap-day boundaries", () => {
    expect(streakAfterQuiz({ streak: 4, longestStreak: 4, lastActiveDate: "2026-12-31" }, "2027-01-01").streak).toBe(5);
    expect(streakAfterQuiz({ streak: 4, longestStreak: 4, lastActiveDate: "2028-02-29" }, "2028-03-01").streak).toBe(5);
    expect(streakAfterQuiz({ streak: 4, longestStreak: 4, lastActiveDate: "2028-02-28" }, "2028-03-01").streak).toBe(1);
  });

  it("leaves the run alone for a day before the stored one (the learner moved west)", () => {
    const state = { streak: 2, longestStreak: 2, lastActiveDate: "2026-06-10" };
    expect(streakAfterQuiz(state, "2026-06-09")).toEqual(state);
  });

  it("a quiz every day for 400 days is a 400-day streak", () => {
    let state = fresh;
    let day = "2027-12-01";
    for (let i = 0; i < 400; i++) {
      state = streakAfterQuiz(state, day);
      day = addDays(day, 1);
    }
    expect(state).toEqual({ streak: 400, longestStreak: 400, lastActiveDate: "2029-01-03" });
  });
});

describe("the zone days count in (switched at most once a day)", () => {
  const created = new Date("2026-05-01T00:00:00Z");
  const state = (over: Partial<ZoneState> = {}): ZoneState => ({
    timeZone: "UTC",
    dayTimeZone: "UTC",
    dayTimeZoneSince: null,
    lastActiveDate: "2026-06-01",
    createdAt: created,
    ...over,
  });

  it("moves a day by the two zones' date difference at that instant", () => {
    // 23:30 UTC is already the next day in Kiritimati (UTC+14); at 09:00 UTC both are the same day.
    expect(moveDay("2026-06-01", "UTC", "Pacific/Kiritimati", new Date("2026-06-01T23:30:00Z"))).toBe("2026-06-02");
    expect(moveDay("2026-06-01", "UTC", "Pacific/Kiritimati", new Date("2026-06-01T09:00:00Z"))).toBe("2026-06-01");
    expect(moveDay("2026-06-02", "Pacific/Kiritimati", "UTC", new Date("2026-06-01T23:30:00Z"))).toBe("2026-06-01");
  });

  it("switches at once before the first counted day, and a day after the last switch", () => {
    const now = new Date("2026-06-01T23:30:00Z");
    expect(savedTimeZone(state({ lastActiveDate: null, createdAt: now }), "Asia/Tokyo", now)).toMatchObject({ timeZone: "Asia/Tokyo", dayTimeZone: "Asia/Tokyo", lastActiveDate: null });
    expect(savedTimeZone(state(), "Pacific/Kiritimati", now)).toEqual({ timeZone: "Pacific/Kiritimati", dayTimeZone: "Pacific/Kiritimati", dayTimeZoneSince: now, lastActiveDate: "2026-06-02" });
  });

  it("keeps the day zone for 24 hours after a switch: the setting is stored, the days wait", () => {
    const since = new Date("2026-06-01T23:30:00Z");
    const switched = state({ timeZone: "Pacific/Kiritimati", dayTimeZone: "Pacific/Kiritimati", dayTimeZoneSince: since, lastActiveDate: "2026-06-02" });
    const soon = new Date("2026-06-02T05:00:00Z");
    expect(savedTimeZone(switched, "UTC", soon)).toEqual({ timeZone: "UTC" });
    const pending = { ...switched, timeZone: "UTC" };
    expect(dayTimeZone(pending, soon)).toBe("Pacific/Kiritimati");
    expect(daysAt(pending, soon)).toEqual({ zone: "Pacific/Kiritimati", lastActiveDate: "2026-06-02", switched: false });
    // 24 hours on, UTC takes over, the last active day told in it.
    const later = new Date("2026-06-02T23:30:00Z");
    expect(daysAt(pending, later)).toEqual({ zone: "UTC", lastActiveDate: "2026-06-01", switched: true });
  });

  it("a change back to the zone in use before the 24 hours are up cancels the pending one", () => {
    const since = new Date("2026-06-01T23:30:00Z");
    const pending = state({ timeZone: "UTC", dayTimeZone: "Pacific/Kiritimati", dayTimeZoneSince: since });
    expect(savedTimeZone(pending, "Pacific/Kiritimati", new Date("2026-06-02T01:00:00Z"))).toEqual({ timeZone: "Pacific/Kiritimati" });
  });
});
