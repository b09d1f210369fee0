/** Word and lemma keys never throw on a language tag Intl rejects: they lower-case such words as any. */
import { describe, expect, it } from "vitest";
import { lemmaKey, wordKey } from "@/lib/words/key";

const REJECTED_TAGS = ["es-12", "es-a1b2", "EN-", "", "\u0000", "x".repeat(300), "en--us"];

describe("word keys", () => {
  it.each(REJECTED_TAGS.map((tag) => [JSON.stringify(tag.slice(0, 12)), tag]))("lower-case a word of language %s plainly instead of throwing", (_label, tag) => {
    expect(wordKey("Café\u2019S", tag)).toBe("café's");
    expect(lemmaKey("¡Ｑuiero!", tag)).toBe("quiero");
  });

  it("still use the language's own lower case for a tag Intl takes", () => {
    expect(wordKey("DIYARBAKIR", "tr")).toBe("dıyarbakır");
    expect(wordKey("DIYARBAKIR", "es")).toBe("diyarbakir");
    expect(wordKey("DIYARBAKIR")).toBe("diyarbakir");
  });
});
