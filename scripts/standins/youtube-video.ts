/** The demo video the YouTube browser tests play as a YouTube-only copy, on the stand-ins app (tests/e2e/support/servers.ts). */
export const YOUTUBE_VIDEO = {
  slug: "es-ordering-coffee",
  title: "Ordering Coffee in Madrid (YouTube)",
  // Any 11-character id: the stand-in embed plays whatever it is asked for.
  youtubeId: "StandIn0001",
} as const;
