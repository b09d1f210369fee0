/**
 * The browser's catalogues write plurals' counts without Intl.NumberFormat (lib/i18n/counts.ts):
 * every message of every language, compiled as the build compiles it, reads exactly the same with
 * its `#` replaced and the counts' text passed beside the values, for small counts, large ones
 * (grouped: "1,234") and fractions, and formats counts below 1,000 with no number formatter.
 */
import compile from "icu-minify/compile";
import format from "icu-minify/format";
import { describe, expect, it } from "vitest";
import { formatCount, replacePounds, withCountTexts } from "@/lib/i18n/counts";
import { LOCALES } from "@/lib/i18n/locales";
import { catalogueMessages } from "../helpers/intl";

/** Values for every argument of a compiled message: `count` for the plurals, text for the rest, tags joined. */
function valuesFor(message: unknown, count: number): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const walk = (node: unknown): void => {
    if (!Array.isArray(node)) return;
    const [name, type, branches] = node as [unknown, unknown, unknown];
    if (typeof name !== "string") return node.forEach(walk);
    if (type === undefined) values[name] ??= "x";
    else if (type === 2 || type === 3 || type === 4) values[name] = count;
    else if (type === 1) values[name] ??= "other";
    else if (type === 5 || type === 6) values[name] = new Date(0);
    else if (typeof type !== "number" || type === 0) {
      values[name] = (chunks: string[]) => `<${name}>${chunks.join("")}</${name}>`;
      node.slice(1).forEach(walk);
    }
    if ((type === 1 || type === 2 || type === 3) && branches && typeof branches === "object") Object.values(branches).forEach(walk);
  };
  walk(message);
  return values;
}

const intl = {
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
};
const noNumberFormat = { ...intl, getNumberFormat: (): Intl.NumberFormat => { throw new Error("Intl.NumberFormat was used"); } };

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 101, 999, 1000, 1234, 21_000, 1_000_000, 2.5];

describe.each(LOCALES)("the %s catalogue's plurals in the browser", (locale) => {
  const messages = [...catalogueMessages(locale)]
    .filter(([, text]) => /\{\s*\w+\s*,\s*(plural|selectordinal)\s*,/.test(text))
    .map(([key, text]) => [key, compile(text)] as const);

  it("has plurals to check", () => {
    expect(messages.length).toBeGreaterThan(30);
  });

  it("reads exactly as the server writes it, for every count", () => {
    for (const [key, compiled] of messages) {
      const rewritten = replacePounds({ [key]: compiled })[key];
      for (const count of COUNTS) {
        const values = valuesFor(compiled, count);
        const expected = format(compiled, locale, values as never, { formatters: intl });
        const actual = format(rewritten as never, locale, withCountTexts(values, locale) as never, { formatters: intl });
        expect(actual, `${key} with ${count}`).toEqual(expected);
      }
    }
  });

  it("needs no number formatter for counts below 1,000", () => {
    for (const [key, compiled] of messages) {
      const rewritten = replacePounds({ [key]: compiled })[key];
      for (const count of [0, 1, 7, 42, 999]) {
        const values = withCountTexts(valuesFor(compiled, count), locale);
        expect(() => format(rewritten as never, locale, values as never, { formatters: noNumberFormat }), key).not.toThrow();
      }
    }
  });
});

describe("formatCount", () => {
  it("writes what Intl.NumberFormat writes, in every language", () => {
    for (const locale of LOCALES) {
      const number = new Intl.NumberFormat(locale);
      for (const n of [0, 7, 999, 1000, 1234, 12_345.5, -3]) expect(formatCount(n, locale)).toBe(number.format(n));
    }
  });

  it("leaves values without numbers as they are, and adds a text beside each number", () => {
    const values = { name: "Ana" };
    expect(withCountTexts(values, "en")).toBe(values);
    expect(withCountTexts(undefined, "en")).toBeUndefined();
    expect(withCountTexts({ count: 1234, name: "Ana" }, "en")).toEqual({ count: 1234, count__n: "1,234", name: "Ana" });
  });
});
