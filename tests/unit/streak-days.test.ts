import { describe, expect, it } from "vitest";
import { addDays, currentStreak, isValidTimeZone, localDay, streakAfterQuiz } from "@/lib/progress/days";

describe("calendar days", () => {
  it("are the learner's own: the same instant falls on different days by time zone", () => {
    const instant = new Date("2026-01-01T03:00:00Z");
    expect(localDay(instant, "UTC")).toBe("2026-01-01");
    expect(localDay(instant, "America/New_York")).toBe("2025-12-31");
    expect(localDay(instant, "Asia/Tokyo")).toBe("2026-01-01");
    expect(localDay(new Date("2026-01-01T12:00:00Z"), "Pacific/Kiritimati")).toBe("2026-01-02");
  });

  it("fall back to UTC for an unknown zone", () => {
    expect(localDay(new Date("2026-05-05T23:30:00Z"), "Nowhere/Special")).toBe("2026-05-05");
    expect(isValidTimeZone("Europe/Stockholm")).toBe(true);
    expect(isValidTimeZone("Nowhere/Special")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });

  it("step across months, years and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
  });
});

describe("streaks", () => {
  const start = { streak: 0, longestStreak: 0, lastActiveDate: null };

  it("grow by one on each next day, and not twice in a day", () => {
    const day1 = streakAfterQuiz(start, "2026-02-27");
    expect(day1).toEqual({ streak: 1, longestStreak: 1, lastActiveDate: "2026-02-27" });
    expect(streakAfterQuiz(day1, "2026-02-27")).toBe(day1);
    const day2 = streakAfterQuiz(day1, "2026-02-28");
    const day3 = streakAfterQuiz(day2, "2026-03-01");
    expect(day3).toEqual({ streak: 3, longestStreak: 3, lastActiveDate: "2026-03-01" });
  });

  it("restart after a missed day, keeping the longest run", () => {
    const run = { streak: 5, longestStreak: 5, lastActiveDate: "2026-06-10" };
    expect(streakAfterQuiz(run, "2026-06-12")).toEqual({ streak: 1, longestStreak: 5, lastActiveDate: "2026-06-12" });
  });

  it("show the run while today is not yet counted, and 0 once a day is missed", () => {
    const run = { streak: 4, lastActiveDate: "2026-06-10" };
    expect(currentStreak(run, "2026-06-10")).toBe(4);
    expect(currentStreak(run, "2026-06-11")).toBe(4);
    expect(currentStreak(run, "2026-06-12")).toBe(0);
    expect(currentStreak({ streak: 0, lastActiveDate: null }, "2026-06-12")).toBe(0);
    // A day "ahead" of today (moved west across zones) is still the same run.
    expect(currentStreak(run, "2026-06-09")).toBe(4);
  });
});
