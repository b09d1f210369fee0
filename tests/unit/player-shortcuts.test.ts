import { describe, expect, it } from "vitest";
import { formatDuration, formatMediaTime } from "@/lib/format";
import { seekKeyTarget, SEEK_STEP_MS, timeAtPointer } from "@/lib/player/seek";
import { shortcutFor } from "@/lib/player/shortcuts";

describe("player shortcuts", () => {
  it("maps the keys the shortcut list names", () => {
    expect(shortcutFor(" ", "page")).toBe("toggle-play");
    expect(shortcutFor("K", "page")).toBe("toggle-play");
    expect(shortcutFor("ArrowLeft", "page")).toBe("previous-line");
    expect(shortcutFor("ArrowRight", "page")).toBe("next-line");
    expect(shortcutFor("r", "page")).toBe("replay-line");
    expect(shortcutFor("m", "page")).toBe("toggle-mute");
    expect(shortcutFor("F", "page")).toBe("toggle-fullscreen");
    expect(shortcutFor("?", "page")).toBe("show-shortcuts");
    expect(shortcutFor("x", "page")).toBeNull();
  });

  it("leaves a button its Space and Enter, and nothing else", () => {
    expect(shortcutFor(" ", "button")).toBeNull();
    expect(shortcutFor("Enter", "button")).toBeNull();
    // The speed button or any other keeps ← for the lines and K for playing.
    expect(shortcutFor("ArrowLeft", "button")).toBe("previous-line");
    expect(shortcutFor("k", "button")).toBe("toggle-play");
    expect(shortcutFor("m", "button")).toBe("toggle-mute");
  });

  it("leaves a slider its arrows, Home and End, but Space still plays", () => {
    for (const key of ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"]) expect(shortcutFor(key, "slider")).toBeNull();
    expect(shortcutFor(" ", "slider")).toBe("toggle-play");
    expect(shortcutFor("f", "slider")).toBe("toggle-fullscreen");
  });

  it("leaves every key to a field being typed in", () => {
    for (const key of [" ", "k", "m", "f", "?", "ArrowLeft"]) expect(shortcutFor(key, "text")).toBeNull();
  });
});

describe("seek bar", () => {
  it("turns a pointer position into a time within the media", () => {
    expect(timeAtPointer(150, 100, 200, 60_000)).toBe(15_000);
    expect(timeAtPointer(50, 100, 200, 60_000)).toBe(0);
    expect(timeAtPointer(400, 100, 200, 60_000)).toBe(60_000);
    expect(timeAtPointer(150, 100, 0, 60_000)).toBe(0);
    expect(timeAtPointer(150, 100, 200, 0)).toBe(0);
  });

  it("moves 5 s with the arrows, a tenth with Page keys, to the ends with Home and End", () => {
    expect(seekKeyTarget("ArrowRight", 10_000, 60_000)).toBe(10_000 + SEEK_STEP_MS);
    expect(seekKeyTarget("ArrowUp", 10_000, 60_000)).toBe(15_000);
    expect(seekKeyTarget("ArrowLeft", 10_000, 60_000)).toBe(5_000);
    expect(seekKeyTarget("ArrowLeft", 3_000, 60_000)).toBe(0);
    expect(seekKeyTarget("ArrowRight", 58_000, 60_000)).toBe(60_000);
    expect(seekKeyTarget("PageUp", 10_000, 60_000)).toBe(16_000);
    expect(seekKeyTarget("Home", 10_000, 60_000)).toBe(0);
    expect(seekKeyTarget("End", 10_000, 60_000)).toBe(60_000);
    expect(seekKeyTarget(" ", 10_000, 60_000)).toBeNull();
  });
});

describe("media times", () => {
  it("show whole seconds elapsed, as the player's clock does (a line at 25.6 s is 0:25, not 0:26)", () => {
    expect(formatMediaTime(25_600)).toBe("0:25");
    expect(formatMediaTime(25_999)).toBe("0:25");
    expect(formatMediaTime(26_000)).toBe("0:26");
    expect(formatMediaTime(3_725_400)).toBe("1:02:05");
    expect(formatMediaTime(-5)).toBe("0:00");
    expect(formatMediaTime(Number.NaN)).toBe("0:00");
    // Lengths of whole videos still round.
    expect(formatDuration(25_600)).toBe("0:26");
  });
});
