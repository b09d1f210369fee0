/** The part of `stopword` (which ships no types) the app uses: its lists, by ISO 639-3 code. */
declare module "stopword" {
  export const spa: string[];
  export const zho: string[];
}
