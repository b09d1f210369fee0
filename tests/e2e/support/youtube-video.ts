/** The YouTube browser tests' servers, and the demo video they play as a YouTube-only copy. */

/** The app server whose database has the copy, and the stand-in embed it points YOUTUBE_EMBED_ORIGIN at. */
export const YOUTUBE_APP_PORT = Number(process.env.E2E_YOUTUBE_PORT ?? 3919);
export const YOUTUBE_EMBED_PORT = Number(process.env.E2E_EMBED_PORT ?? 3920);
export const YOUTUBE_EMBED_ORIGIN = `http://127.0.0.1:${YOUTUBE_EMBED_PORT}`;

export const YOUTUBE_VIDEO = {
  slug: "es-ordering-coffee",
  title: "Ordering Coffee in Madrid (YouTube)",
  // Any 11-character id: the stand-in embed plays whatever it is asked for.
  youtubeId: "StandIn0001",
} as const;
