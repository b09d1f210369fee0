/**
 * A word as words are compared: composed, lower case, one kind of apostrophe. On its own, apart
 * from the stop-word lists (stop-words.ts), so the player can match words without loading them.
 */
export function wordKey(text: string, language?: string): string {
  return text.normalize("NFC").toLocaleLowerCase(language).replace(/\u2019/g, "'");
}
