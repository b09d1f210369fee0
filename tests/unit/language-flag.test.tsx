import { existsSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LanguageFlag, languageDisplayName, languageFlagCountry } from "@/components/language-flag";

describe("language flags", () => {
  it.each([
    ["en", "GB"],
    ["es", "ES"],
    ["fr", "FR"],
    ["de", "DE"],
    ["it", "IT"],
    ["pt", "PT"],
    ["sv", "SE"],
    ["ja", "JP"],
    ["zh", "CN"],
  ])("shows a flag for %s", (code, country) => {
    expect(languageFlagCountry(code)).toBe(country);
    const html = renderToStaticMarkup(<LanguageFlag code={code} />);
    expect(html).toContain(`<img src="/flags/${country}.svg"`);
    expect(html).not.toContain("lucide-globe");
  });

  it("falls back to a globe for other codes", () => {
    expect(languageFlagCountry("xx")).toBeNull();
    const html = renderToStaticMarkup(<LanguageFlag code="xx" />);
    expect(html).toContain("lucide-globe");
  });

  it("is named in English unless given the reader's language", () => {
    expect(renderToStaticMarkup(<LanguageFlag code="es" />)).toContain('aria-label="Spanish"');
    expect(renderToStaticMarkup(<LanguageFlag code="pt-BR" />)).toContain('aria-label="Portuguese"');
    expect(renderToStaticMarkup(<LanguageFlag code="es" locale="de" />)).toContain('aria-label="Spanisch"');
    expect(renderToStaticMarkup(<LanguageFlag code="es" label={null} locale="de" />)).toContain('aria-hidden="true"');
    expect(languageDisplayName("ko")).toBe("Korean");
    expect(languageDisplayName("xx")).toBe("XX");
    expect(languageDisplayName(null)).toBe("Unknown language");
    expect(languageDisplayName("ja", "fr")).toBe("Japonais");
  });

  it("every flag it can show is served from public/flags", () => {
    const codes = ["en", "es", "fr", "de", "it", "pt", "sv", "ja", "zh", "en-US", "pt-BR", "es-MX", "fr-CA"];
    for (const code of codes) {
      const country = languageFlagCountry(code)!;
      expect(existsSync(path.join(process.cwd(), "public", "flags", `${country}.svg`)), code).toBe(true);
    }
  });
});
