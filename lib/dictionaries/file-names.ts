/**
 * The language pair a dictionary's file name gives: FreeDict names its files with ISO 639-3
 * codes ("fra-eng.index"), dict-de-en with ISO 639-1 ("de-en.index"); the app speaks the
 * two-letter codes wherever a language has one.
 */
import path from "node:path";

const TWO_LETTER: Record<string, string> = {
  ara: "ar", bul: "bg", ces: "cs", cym: "cy", dan: "da", deu: "de", ell: "el", eng: "en", epo: "eo",
  est: "et", fin: "fi", fra: "fr", gle: "ga", heb: "he", hin: "hi", hrv: "hr", hun: "hu", ind: "id",
  isl: "is", ita: "it", jpn: "ja", kor: "ko", lat: "la", lit: "lt", lav: "lv", nld: "nl", nob: "nb",
  nor: "no", pol: "pl", por: "pt", ron: "ro", rus: "ru", slk: "sk", slv: "sl", spa: "es", srp: "sr",
  swe: "sv", tha: "th", tur: "tr", ukr: "uk", vie: "vi", zho: "zh", cmn: "zh", gla: "gd", afr: "af",
  swh: "sw", swa: "sw", kur: "ku", mkd: "mk", bre: "br", oci: "oc", tgl: "tl", fil: "tl",
};

/** A language code as the app spells it: ISO 639-1 when the language has one, lower case. */
export function appLanguageCode(code: string): string {
  const lower = code.trim().toLowerCase();
  return TWO_LETTER[lower] ?? lower;
}

/** The (from, to) pair of a file named like "fra-eng.dict.dz" or "de-en.index"; null when it names none. */
export function languagePairFromFileName(file: string): { from: string; to: string } | null {
  const stem = path.basename(file).replace(/(\.(index|dict|dz|gz|txt|u8))+$/i, "");
  const match = /(?:^|[^a-z])([a-z]{2,3})[-_]([a-z]{2,3})$/i.exec(stem);
  return match ? { from: appLanguageCode(match[1]!), to: appLanguageCode(match[2]!) } : null;
}
