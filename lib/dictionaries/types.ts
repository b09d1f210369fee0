/** What every dictionary format reads into: the dictionary's description and its entries, streamed. */
export type DictionaryEntryInput = { headword: string; definition: string };

export type DictionaryMeta = {
  sourceLanguage: string;
  targetLanguage: string;
  name: string;
  edition: string | null;
  licence: string;
};
