/** Study time in the browser: the stopwatch the reports are taken from, the YouTube state it listens for, and how the goal is worded. */
import { describe, expect, it } from "vitest";
import { goalPercent } from "@/components/home/welcome-block";
import { youtubePlayerState } from "@/components/study/study-timer";
import { StudyClock } from "@/lib/study/clock";
import { minutesOf } from "@/lib/study/goal";
import { creditStudyTime, secondsByDay } from "@/lib/services/study-time";

describe("the study stopwatch", () => {
  it("counts only while running, hands over whole seconds and keeps the fraction", () => {
    let now = 0;
    const clock = new StudyClock(() => now);
    now = 5_000;
    expect(clock.take(60)).toBe(0);
    clock.set(true);
    now = 17_400;
    expect(clock.take(60)).toBe(12);
    clock.set(false, 18_000);
    now = 40_000;
    // 0.4 s kept from before, 0.6 s until the stop: one second.
    expect(clock.take(60)).toBe(1);
    expect(clock.take(60)).toBe(0);
  });

  it("stops at the moment given, not when the stop is noticed, and drops what is over a report's maximum", () => {
    let now = 0;
    const clock = new StudyClock(() => now);
    clock.set(true, 0);
    now = 300_000;
    clock.set(false, 90_000);
    expect(clock.take(60)).toBe(60);
    expect(clock.take(60)).toBe(0);
  });
});

describe("the server's bound on a report", () => {
  const at = new Date("2031-01-01T00:10:00Z");
  it("counts at most the time since the ledger's point plus 5 s, and at most a minute", () => {
    expect(creditStudyTime(null, 30, at)).toEqual({ counted: 30, creditedUntil: new Date(at.getTime() - 30_000) });
    expect(creditStudyTime(new Date(at.getTime() - 10_000), 60, at)).toEqual({ counted: 15, creditedUntil: new Date(at.getTime() + 5_000) });
    expect(creditStudyTime(new Date(at.getTime() + 5_000), 60, at).counted).toBe(0);
    expect(creditStudyTime(new Date(at.getTime() - 3_600_000), 60, at).counted).toBe(60);
  });

  it("splits seconds across the learner's midnight", () => {
    const justAfter = new Date("2031-01-01T00:00:20Z");
    expect(Object.fromEntries(secondsByDay(30, justAfter, "UTC"))).toEqual({ "2030-12-31": 10, "2031-01-01": 20 });
    expect(Object.fromEntries(secondsByDay(30, justAfter, "America/New_York"))).toEqual({ "2030-12-31": 30 });
  });
});

describe("the YouTube embed's state", () => {
  it("reads infoDelivery and onStateChange messages, and nothing else", () => {
    expect(youtubePlayerState(JSON.stringify({ event: "infoDelivery", info: { playerState: 1, currentTime: 3 } }))).toBe(1);
    expect(youtubePlayerState({ event: "onStateChange", info: 2 })).toBe(2);
    expect(youtubePlayerState(JSON.stringify({ event: "infoDelivery", info: { currentTime: 3 } }))).toBeUndefined();
    expect(youtubePlayerState("{not json")).toBeUndefined();
    expect(youtubePlayerState(null)).toBeUndefined();
  });
});

describe("the daily goal in minutes", () => {
  it("says minutes studied of the goal, and completes only once the goal is met", () => {
    expect(minutesOf(12 * 60 + 59)).toBe(12);
    expect(goalPercent(30 * 60 - 1, 30 * 60)).toBe(99);
    expect(goalPercent(30 * 60, 30 * 60)).toBe(100);
  });
});
