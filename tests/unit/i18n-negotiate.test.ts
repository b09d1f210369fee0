import { describe, expect, it } from "vitest";
import { fromAcceptLanguage, negotiateLocale } from "@/lib/i18n/negotiate";
import { languageOptions } from "@/lib/i18n/options";

describe("which language a request is answered in", () => {
  it("speaks to a signed-in learner in their interface language, else their native language", () => {
    const user = { interfaceLanguage: "ja", nativeLanguage: "de" };
    expect(negotiateLocale({ user, cookie: "fr", acceptLanguage: "es" })).toBe("ja");
    expect(negotiateLocale({ user: { ...user, interfaceLanguage: null }, cookie: "fr" })).toBe("de");
  });

  it("falls back to the visitor's cookie, then the browser's languages, then English", () => {
    expect(negotiateLocale({ user: null, cookie: "fr", acceptLanguage: "de" })).toBe("fr");
    expect(negotiateLocale({ user: { interfaceLanguage: null, nativeLanguage: null }, cookie: "xx", acceptLanguage: "de" })).toBe("de");
    expect(negotiateLocale({})).toBe("en");
  });

  it("takes the browser's first language the app speaks, by quality, regional and script variants included", () => {
    expect(fromAcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toBe("fr");
    expect(fromAcceptLanguage("pt-BR,pt;q=0.9")).toBe("pt");
    expect(fromAcceptLanguage("zh-Hant-TW")).toBe("zh");
    expect(fromAcceptLanguage("ko, ja;q=0.5")).toBe("ja");
    expect(fromAcceptLanguage("en;q=0.1, sv;q=0.9")).toBe("sv");
  });

  it("answers English to a header it cannot read", () => {
    for (const header of ["", "*", "ko, ru", "!!!, ;q=x", "de\u0000", "x".repeat(5000), "en-", "i-klingon"]) {
      expect(fromAcceptLanguage(header)).toMatch(/^(en|de)$/);
    }
    expect(fromAcceptLanguage("ko, ru")).toBe("en");
    expect(fromAcceptLanguage("x".repeat(5000))).toBe("en");
  });
});

describe("a language picker's choices", () => {
  it("names each language in its own words, and in the reader's beside it", () => {
    const options = languageOptions("en");
    expect(options.map((o) => o.code)).toEqual(["en", "es", "fr", "de", "it", "pt", "sv", "ja", "zh"]);
    expect(options.find((o) => o.code === "de")?.label).toBe("Deutsch · German");
    expect(options.find((o) => o.code === "en")?.label).toBe("English");
    expect(languageOptions("ja").find((o) => o.code === "fr")?.label).toBe("Français · フランス語");
  });
});
