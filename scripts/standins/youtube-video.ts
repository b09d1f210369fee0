/** The demo video the YouTube browser tests play as a YouTube-only copy, on the stand-ins app (tests/e2e/support/servers.ts). */
export const YOUTUBE_VIDEO = {
  slug: "es-ordering-coffee",
  title: "Ordering Coffee in Madrid (YouTube)",
  // Any 11-character id: the stand-in embed plays whatever it is asked for.
  youtubeId: "StandIn0001",
} as const;

/** The stand-ins app's dictionary (Spanish to English): "leche" has an entry, the video's other words none. */
export const STANDIN_DICTIONARY = {
  name: "Stand-in Spanish-English Dictionary",
  licence: "CC0 1.0",
  entries: [
    { headword: "leche", definition: "milk" },
    { headword: "agua", definition: "water" },
  ],
} as const;
