import { describe, expect, it } from "vitest";
import { PLAYER_DEFAULTS, readPreferences } from "@/components/player/use-player-preferences";

describe("the player's remembered settings", () => {
  it("reads back what was kept, and the default for anything missing, unreadable or not offered", () => {
    expect(readPreferences(JSON.stringify({ speed: 0.75, showTranslation: false, pauseEachLine: true }))).toEqual({ speed: 0.75, showTranslation: false, pauseEachLine: true });
    expect(readPreferences(null)).toEqual(PLAYER_DEFAULTS);
    expect(readPreferences("{not json")).toEqual(PLAYER_DEFAULTS);
    expect(readPreferences(JSON.stringify([1, 2]))).toEqual(PLAYER_DEFAULTS);
    expect(readPreferences(JSON.stringify({ speed: 16, showTranslation: "no", pauseEachLine: 1 }))).toEqual(PLAYER_DEFAULTS);
    expect(readPreferences(JSON.stringify({ speed: 1.5 }))).toEqual({ ...PLAYER_DEFAULTS, speed: 1.5 });
  });
});
