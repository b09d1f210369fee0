/**
 * The interface's catalogues (messages/<locale>.json): every language has English's keys, the
 * same ICU arguments in each message, valid ICU, and is translated (not English left behind).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { languageName, LOCALES } from "@/lib/i18n/locales";
import { VALIDATION_KEYS } from "@/lib/i18n/validation-keys";
import { catalogue, catalogueMessages } from "../helpers/intl";

const english = catalogue("en");

/** The arguments a message takes, with their kinds ("count:plural", "language:argument"). */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type !== TYPE.literal && element.type !== TYPE.pound && element.type !== TYPE.tag) {
        found.add(`${element.value}:${TYPE[element.type]}`);
      }
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) {
        found.add(`<${element.value}>`);
        walk(element.children);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/**
 * Words the same in other languages as in English (a brand, a key's name, a loanword): a message
 * made of nothing else may stay as it is.
 */
const SAME_EVERYWHERE = new Set(
  ["LingoReel", "YouTube", "Whisper", "Login", "Video", "Videos", "OK", "Status", "Error", "Password", "Quiz", "Quizzes", "Email", "Admin"]
    .concat(["Home", "End", "Enter", "Esc", "Volume", "Pause", "System", "Autoplay", "Authenticator", "Notifications", "Description"])
    .concat(["Actions", "Active", "min", "Ana", "García"])
    .map((word) => word.toLowerCase()),
);

/** The words a message shows (its text, in every plural or select branch), without argument names or syntax. */
function shownWords(message: string): string[] {
  const words: string[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal) words.push(...(element.value.match(/\p{L}+/gu) ?? []));
      if (element.type === TYPE.plural || element.type === TYPE.select) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return words;
}

/** Whether a message may read the same as English: it shows only words every language shares. */
const sameEverywhere = (message: string) => shownWords(message).every((word) => SAME_EVERYWHERE.has(word.toLowerCase()));

const englishFlat = catalogueMessages("en");

describe.each(LOCALES.filter((l) => l !== "en"))("the %s catalogue", (locale) => {
  const flat = catalogueMessages(locale);

  it("has exactly English's keys", () => {
    expect([...flat.keys()].sort()).toEqual([...englishFlat.keys()].sort());
  });

  it("gives each message English's arguments, in valid ICU", () => {
    for (const [key, message] of englishFlat) {
      const translated = flat.get(key);
      if (translated === undefined) continue;
      expect(argumentsOf(translated), `${locale}: ${key}`).toEqual(argumentsOf(message));
    }
  });

  it("is translated: no message left in English", () => {
    const untranslated = [...englishFlat].filter(([key, message]) => flat.get(key) === message && !sameEverywhere(message));
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });
});

describe("the English catalogue", () => {
  it("is valid ICU throughout", () => {
    for (const [key, message] of englishFlat) expect(() => parse(message), key).not.toThrow();
  });
});

describe("the offline page", () => {
  const html = readFileSync(path.join("public", "offline.html"), "utf8");
  const embedded = JSON.parse(/<script id="offline-words" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;

  it("carries every language's words as the catalogues have them (node scripts/offline-page.mjs writes them)", () => {
    for (const locale of LOCALES) expect(embedded[locale], locale).toEqual(catalogue(locale).offline);
  });

  it("says in English what English's catalogue says, before its script runs", () => {
    const offline = english.offline as Record<string, string>;
    expect(html).toContain(`<h1 id="heading">${offline.heading!.replace("'", "'")}</h1>`);
    expect(html).toContain(`<button type="button" id="retry">${offline.retry}</button>`);
  });
});

describe("the forms' rule messages", () => {
  it("each has its words in the catalogue, English as the rule says it", () => {
    const validation = english.validation as Record<string, string>;
    for (const [message, key] of Object.entries(VALIDATION_KEYS)) expect(validation[key], message).toBe(message);
  });
});

describe("the languages' names", () => {
  it.each(LOCALES)("in %s are CLDR's (Intl.DisplayNames), capitalised as a label", (reader) => {
    const names = catalogue(reader).languageNames as Record<string, string>;
    expect(Object.keys(names).sort()).toEqual([...LOCALES].sort());
    for (const code of LOCALES) expect(names[code], `${code} in ${reader}`).toBe(languageName(code, reader));
  });
});
