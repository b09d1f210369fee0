/**
 * The language pair a dictionary's file name gives, as Debian installs them in /usr/share/dictd:
 * FreeDict's with ISO 639-3 codes ("freedict-fra-eng.index"; "fra-eng" elsewhere), dict-de-en's
 * with English names ("german-english.index"), others with ISO 639-1 ("de-en.index"). The app
 * speaks the two-letter codes wherever a language has one.
 */
import path from "node:path";

const TWO_LETTER: Record<string, string> = {
  ara: "ar", bul: "bg", ces: "cs", cym: "cy", dan: "da", deu: "de", ell: "el", eng: "en", epo: "eo",
  est: "et", fin: "fi", fra: "fr", gle: "ga", heb: "he", hin: "hi", hrv: "hr", hun: "hu", ind: "id",
  isl: "is", ita: "it", jpn: "ja", kor: "ko", lat: "la", lit: "lt", lav: "lv", nld: "nl", nob: "nb",
  nor: "no", pol: "pl", por: "pt", ron: "ro", rus: "ru", slk: "sk", slv: "sl", spa: "es", srp: "sr",
  swe: "sv", tha: "th", tur: "tr", ukr: "uk", vie: "vi", zho: "zh", cmn: "zh", gla: "gd", afr: "af",
  swh: "sw", swa: "sw", kur: "ku", mkd: "mk", bre: "br", oci: "oc", tgl: "tl", fil: "tl",
  // ISO 639-2/B codes, which some older dictionaries use.
  ger: "de", fre: "fr", dut: "nl", chi: "zh", cze: "cs", gre: "el",
};

/** Languages by their English names, as dict-de-en and other non-FreeDict packages name files. */
const BY_NAME: Record<string, string> = {
  english: "en", spanish: "es", french: "fr", german: "de", italian: "it", portuguese: "pt",
  swedish: "sv", japanese: "ja", chinese: "zh", dutch: "nl", russian: "ru", polish: "pl",
  danish: "da", norwegian: "no", finnish: "fi", greek: "el", turkish: "tr", czech: "cs", latin: "la",
};

/** A language code as the app spells it: ISO 639-1 when the language has one, lower case. */
export function appLanguageCode(code: string): string {
  const lower = code.trim().toLowerCase();
  return TWO_LETTER[lower] ?? BY_NAME[lower] ?? lower;
}

const CODE = String.raw`[a-z]{2,3}`;
const NAME = Object.keys(BY_NAME).join("|");
// The pair ends the file's stem, after a prefix ("freedict-") or nothing.
const PAIR = new RegExp(String.raw`(?:^|[^a-z])(${CODE}|${NAME})[-_](${CODE}|${NAME})$`, "i");

/** The (from, to) pair of a file named like "freedict-fra-eng.dict.dz", "german-english.index" or "de-en.index"; null when it names none. */
export function languagePairFromFileName(file: string): { from: string; to: string } | null {
  const stem = path.basename(file).replace(/(\.(index|dict|dz|gz|txt|u8))+$/i, "");
  const match = PAIR.exec(stem);
  return match ? { from: appLanguageCode(match[1]!), to: appLanguageCode(match[2]!) } : null;
}
