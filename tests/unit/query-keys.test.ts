/** The query keys are the GET URLs of SPEC §7, and prefixes of their filtered variants. */
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { adminKeys, keyToUrl, languageKeys, settingsKeys, userKeys, videoKeys, wordKeys } from "@/lib/data/keys";

describe("query keys", () => {
  it("stand for the URLs the spec lists", () => {
    expect(keyToUrl(userKeys.current)).toBe("/api/auth/user");
    expect(keyToUrl(userKeys.me)).toBe("/api/users");
    expect(keyToUrl(userKeys.dailyProgress)).toBe("/api/users/daily-progress");
    expect(keyToUrl(userKeys.stats)).toBe("/api/users/stats");
    expect(keyToUrl(userKeys.favorites)).toBe("/api/users/favorites");
    expect(keyToUrl(userKeys.favorite(7))).toBe("/api/users/favorites/7");
    expect(keyToUrl(settingsKeys.all)).toBe("/api/settings");
    expect(keyToUrl(languageKeys.all)).toBe("/api/languages");
    expect(keyToUrl(videoKeys.detail(4))).toBe("/api/videos/4");
    expect(keyToUrl(videoKeys.captions(4))).toBe("/api/videos/4/captions");
    expect(keyToUrl(videoKeys.segmentTranslations(4))).toBe("/api/videos/4/segment-translations");
    expect(keyToUrl(videoKeys.words(4))).toBe("/api/videos/4/words");
    expect(keyToUrl(videoKeys.wordTimings(4))).toBe("/api/videos/4/word-timings");
    expect(keyToUrl(videoKeys.categories(4))).toBe("/api/videos/4/categories");
    expect(keyToUrl(wordKeys.quiz(9, "sv"))).toBe("/api/words/9/quiz?nativeLanguage=sv");
    expect(keyToUrl(adminKeys.users)).toBe("/api/admin/users");
    expect(keyToUrl(videoKeys.directory)).toBe("/api/videos?limit=500");
  });

  it("carry optional filters as query parameters", () => {
    expect(keyToUrl(videoKeys.popular())).toBe("/api/videos/popular");
    expect(keyToUrl(videoKeys.popular({ categoryId: 2 }))).toBe("/api/videos/popular?categoryId=2");
    expect(keyToUrl(videoKeys.recommended({ categoryId: 2, nativeLanguage: "de" }))).toBe(
      "/api/videos/recommended?categoryId=2&nativeLanguage=de",
    );
    expect(keyToUrl(userKeys.progressVideos({ nativeLanguage: "fr" }))).toBe("/api/users/progress-videos?nativeLanguage=fr");
    expect(keyToUrl(videoKeys.list({ search: "café & co" }))).toBe("/api/videos?search=caf%C3%A9+%26+co");
  });

  it("let one invalidation refresh every filtered variant of a list", async () => {
    const client = new QueryClient();
    client.setQueryData(videoKeys.popular(), ["all"]);
    client.setQueryData(videoKeys.popular({ categoryId: 1 }), ["one"]);
    client.setQueryData(videoKeys.recommended(), ["other"]);
    await client.invalidateQueries({ queryKey: videoKeys.popular() });
    expect(client.getQueryState(videoKeys.popular())?.isInvalidated).toBe(true);
    expect(client.getQueryState(videoKeys.popular({ categoryId: 1 }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(videoKeys.recommended())?.isInvalidated).toBe(false);
  });
});
