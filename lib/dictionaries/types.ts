/**
 * What every dictionary format reads into: the dictionary's description and its entries,
 * streamed. An entry is a headword's senses, each stored (and shown) on its own, with the
 * pronunciation and grammar the dictionary gives apart from the senses' text.
 */
export type DictionarySense = {
  /** The sense alone: no headword, no pronunciation, no numbering (the app numbers senses itself). */
  definition: string;
  /** "n, fem", "vi": the dictionary's own grammar for the headword in this sense. */
  grammar: string | null;
};

export type DictionaryEntryInput = {
  headword: string;
  /** As the dictionary writes it: "/keɾˈeɾ/" (IPA), "[xue2 xi2]" (pinyin). */
  pronunciation: string | null;
  senses: DictionarySense[];
};

export type DictionaryMeta = {
  sourceLanguage: string;
  targetLanguage: string;
  name: string;
  edition: string | null;
  licence: string;
};
