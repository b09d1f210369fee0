import { describe, expect, it } from "vitest";
import { isContentWord, isStopWord } from "@/lib/text/stop-words";
import { contentWords, findWord, tokenize, wordSpans } from "@/lib/text/tokenize";

const words = (text: string, language: string) => tokenize(text, language).map((t) => t.text);
const content = (text: string, language: string) => contentWords(tokenize(text, language), language);

describe("tokenising a caption line", () => {
  it("finds the words between spaces and punctuation, each at its place in the line", () => {
    const line = "¿Lo quiere para tomar aquí o para llevar?";
    const tokens = tokenize(line, "es");
    expect(tokens.map((t) => t.text)).toEqual(["Lo", "quiere", "para", "tomar", "aquí", "o", "para", "llevar"]);
    expect(tokens.every((t) => line.slice(t.start, t.end) === t.text)).toBe(true);
  });

  it("keeps a German compound whole and a noun as written", () => {
    expect(words("Die Zähne putzen, Donaudampfschiff!", "de")).toEqual(["Die", "Zähne", "putzen", "Donaudampfschiff"]);
  });

  it("splits Japanese, written without spaces, into words rather than one token per line", () => {
    expect(words("今日はとてもいい天気ですね。", "ja")).toEqual(["今日", "は", "とても", "いい", "天気", "です", "ね"]);
    expect(words("東京駅で友達に会いました。", "ja")).toEqual(expect.arrayContaining(["東京", "友達"]));
  });

  it("splits Chinese into words", () => {
    expect(words("我每天早上喝一杯咖啡。", "zh")).toEqual(["我", "每天", "早上", "喝", "一杯", "咖啡"]);
  });

  it("separates a French or Italian elision from its word, whichever apostrophe is used", () => {
    expect(tokenize("l'eau", "fr")).toEqual([
      { text: "l'", start: 0, end: 2, clitic: true },
      { text: "eau", start: 2, end: 5, clitic: false },
    ]);
    expect(words("Qu’il boit de l’eau jusqu'à demain.", "fr")).toEqual(["Qu’", "il", "boit", "de", "l’", "eau", "jusqu'", "à", "demain"]);
    expect(words("Dell'acqua, un'altra volta.", "it")).toEqual(["Dell'", "acqua", "un'", "altra", "volta"]);
  });

  it("does not cut words whose apostrophe is not an elision", () => {
    expect(words("Aujourd'hui, quelqu'un est là.", "fr")).toEqual(["Aujourd'hui", "quelqu'un", "est", "là"]);
    expect(words("I don't know.", "en")).toEqual(["I", "don't", "know"]);
  });
});

describe("the words a line offers to learn", () => {
  it.each([
    ["en", "I don't know where the coffee is.", ["know", "coffee"]],
    ["es", "Quiero un café con leche, por favor.", ["Quiero", "café", "leche", "favor"]],
    ["fr", "Je bois de l'eau, qu'il dit.", ["bois", "eau", "dit"]],
    ["de", "Ich putze mir die Zähne.", ["putze", "Zähne"]],
    ["it", "Vorrei un bicchiere d'acqua.", ["Vorrei", "bicchiere", "acqua"]],
    ["pt", "Eu queria um café com leite.", ["queria", "café", "leite"]],
    ["sv", "Jag vill ha en kaffe med mjölk.", ["vill", "kaffe", "mjölk"]],
    ["ja", "私は毎朝コーヒーを飲みます。", ["毎朝", "コーヒー", "飲"]],
    ["zh", "明天他去北京看朋友。", ["明天", "去", "北京", "朋友"]],
  ])("%s: %s", (language, line, expected) => {
    expect(content(line, language)).toEqual(expected);
  });

  it("leaves out numbers, single letters and kana, and repeats", () => {
    expect(content("It is 3.5 km, the 20th time, time after time.", "en")).toEqual(["km", "time"]);
    expect(isContentWord("ね", "ja")).toBe(false);
    // A single Han character is a word of its own.
    expect(isContentWord("水", "ja")).toBe(true);
  });

  // Each language's list must leave out its function words and keep a beginner's everyday words.
  it.each([
    ["en", ["the", "and", "of", "is", "you", "with"], ["coffee", "time", "year", "want", "know", "good", "day"]],
    ["es", ["el", "la", "de", "que", "y", "en", "un", "para", "con"], ["días", "buenos", "tiempo", "trabajo", "llevar", "temprano", "café", "año"]],
    ["fr", ["le", "la", "et", "de", "un", "pour", "avec"], ["eau", "temps", "jour", "pain", "manger", "grand"]],
    ["de", ["der", "die", "und", "ist", "mit", "nicht"], ["Tag", "Zeit", "Jahr", "Kaffee", "groß", "gut"]],
    ["it", ["il", "di", "che", "e", "per", "con"], ["giorno", "vita", "città", "acqua", "mangiare"]],
    ["pt", ["o", "de", "que", "e", "para", "com"], ["dia", "tempo", "casa", "água", "comer"]],
    ["sv", ["och", "att", "det", "som", "med"], ["dag", "tid", "år", "kaffe", "stor"]],
    ["zh", ["的", "了", "是", "在", "和", "不"], ["咖啡", "朋友", "图书馆", "水", "喝", "人", "好", "去"]],
  ])("%s: function words are stop-words, everyday words are not", (language, functionWords, everyday) => {
    expect(functionWords.filter((w) => !isStopWord(w, language))).toEqual([]);
    expect(everyday.filter((w) => isStopWord(w, language))).toEqual([]);
  });

  it("knows stop-words whatever their case or apostrophe", () => {
    expect(isStopWord("The", "en")).toBe(true);
    expect(isStopWord("don’t", "en")).toBe(true);
    expect(isStopWord("coffee", "en")).toBe(false);
    expect(isStopWord("Und", "de-AT")).toBe(true);
  });
});

describe("finding a proposed word in its line", () => {
  const find = (line: string, word: string, language: string) => findWord(line, tokenize(line, language), word, language)?.text;

  it("takes the word as the line writes it, without punctuation or an elided clitic", () => {
    expect(find("Die Zähne putzen.", "zähne", "de")).toBe("Zähne");
    expect(find("Je bois de l'eau.", "l'eau", "fr")).toBe("eau");
    expect(find("Je bois de l'eau.", "eau", "fr")).toBe("eau");
  });

  it("refuses a stop-word, a part of a word, and a word of another line", () => {
    expect(find("Quiero un café con leche.", "con", "es")).toBeUndefined();
    expect(find("Quiero un café con leche.", "caf", "es")).toBeUndefined();
    expect(find("Quiero un café con leche.", "agua", "es")).toBeUndefined();
    expect(find("Qu'il vienne.", "qu'il", "fr")).toBeUndefined();
  });

  it("accepts a Japanese verb that spans several pieces, not its dictionary form nor an ending alone", () => {
    const line = "私は毎朝コーヒーを飲みます。";
    expect(find(line, "飲みます", "ja")).toBe("飲みます");
    expect(find(line, "飲む", "ja")).toBeUndefined();
    expect(find(line, "ます", "ja")).toBeUndefined();
    expect(find(line, "コーヒー", "ja")).toBe("コーヒー");
  });

  it("reports where the first occurrence is", () => {
    expect(findWord("agua y más agua", tokenize("agua y más agua", "es"), "agua", "es")).toEqual({ text: "agua", start: 0, end: 4 });
  });
});

describe("every place a line says a word", () => {
  const spans = (line: string, word: string, language: string) => wordSpans(tokenize(line, language), word).map((s) => line.slice(s.start, s.end));

  it("finds each occurrence, whatever its case and punctuation, worth teaching or not", () => {
    expect(spans("Agua y más agua.", "AGUA,", "es")).toEqual(["Agua", "agua"]);
    expect(spans("Quiero un café con leche.", "con", "es")).toEqual(["con"]);
    expect(spans("Quiero un café con leche.", "caf", "es")).toEqual([]);
  });

  it("spans adjacent pieces: an elision with its word, a Japanese verb with its endings", () => {
    expect(spans("Je bois de l'eau.", "l’eau", "fr")).toEqual(["l'eau"]);
    expect(spans("Je bois de l'eau.", "eau", "fr")).toEqual(["eau"]);
    expect(spans("Je bois de l'eau.", "l'", "fr")).toEqual(["l'"]);
    expect(spans("私は毎朝コーヒーを飲みます。", "飲みます", "ja")).toEqual(["飲みます"]);
    // Not across a space.
    expect(spans("Buenos días.", "buenosdías", "es")).toEqual([]);
  });
});
