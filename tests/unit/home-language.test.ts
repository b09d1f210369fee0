/** Home's rows by language: which videos lead a row, which languages an empty row offers, and the order of the choices. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmptyReason } from "@/components/home/video-row";
import { languageName } from "@/lib/i18n/locales";
import type { VideoLanguageCount } from "@/lib/types/api";
import { homeFilters, languageChoices, otherLanguages, splitByLanguage } from "@/lib/videos/home-language";
import { WithIntl } from "../helpers/intl";

const counts: VideoLanguageCount[] = [
  { code: "en", name: "English", count: 0 },
  { code: "es", name: "Spanish", count: 2 },
  { code: "fr", name: "French", count: 1 },
  { code: "de", name: "German", count: 2 },
  { code: "it", name: "Italian", count: 1 },
  { code: "ja", name: "Japanese", count: 0 },
];

describe("home's rows by language", () => {
  it("puts the videos in the shown language first, each group in the order the server gave", () => {
    const row = [
      { id: 1, targetLanguage: "de" },
      { id: 2, targetLanguage: "es" },
      { id: 3, targetLanguage: "fr" },
      { id: 4, targetLanguage: "es" },
    ];
    expect(splitByLanguage(row, "es")).toEqual({ lead: [row[1], row[3]], others: [row[0], row[2]] });
    expect(splitByLanguage(row, "ja")).toEqual({ lead: [], others: row });
    expect(splitByLanguage(row, undefined)).toEqual({ lead: [], others: row });
  });

  it("leads with the target language unless the learner picked another", () => {
    const learner = { nativeLanguage: "en", targetLanguage: "ja" };
    expect(homeFilters(learner, undefined, undefined)).toEqual({ categoryId: undefined, nativeLanguage: "en", language: "ja" });
    expect(homeFilters(learner, 3, "es")).toEqual({ categoryId: 3, nativeLanguage: "en", language: "es" });
  });

  it("offers the other languages that have videos, the most videos first, then by name", () => {
    expect(otherLanguages(counts, "ja").map((c) => c.code)).toEqual(["de", "es", "fr", "it"]);
    expect(otherLanguages(counts, "es").map((c) => c.code)).toEqual(["de", "fr", "it"]);
  });

  it("lists the target language first even with no videos, then the one shown, then the rest with videos", () => {
    expect(languageChoices(counts, "es", "es").map((c) => c.code)).toEqual(["es", "de", "fr", "it"]);
    expect(languageChoices(counts, "ja", "ja").map((c) => c.code)).toEqual(["ja", "de", "es", "fr", "it"]);
    expect(languageChoices(counts, "ja", "it").map((c) => c.code)).toEqual(["ja", "it", "de", "es", "fr"]);
  });

  it("says why a row has nothing in the language", () => {
    const emptyReason = (language: string, count: number, categoryName: string | undefined) =>
      renderToStaticMarkup(WithIntl({ children: createElement(EmptyReason, { language, count, categoryName }) }));
    expect(emptyReason("Japanese", 0, undefined)).toBe("There are no videos in Japanese yet.");
    expect(emptyReason("Japanese", 0, "Travel")).toBe("There are no Japanese videos in Travel yet.");
    expect(emptyReason("Spanish", 2, undefined)).toBe("You have started every video in Spanish.");
    expect(emptyReason("Spanish", 2, "Travel")).toBe("You have started every video in Spanish in Travel.");
  });

  it("names the languages in English as the server does (migration 0002's names)", () => {
    const names: Record<string, string> = { en: "English", es: "Spanish", fr: "French", de: "German", it: "Italian", pt: "Portuguese", sv: "Swedish", ja: "Japanese", zh: "Chinese" };
    for (const [code, name] of Object.entries(names)) expect(languageName(code, "en")).toBe(name);
    expect(languageName("ja", "de")).toBe("Japanisch");
  });
});
