/**
 * The YouTube embed's address, apart from the adapter (youtube.ts) that drives it: the video page
 * renders the frame at once and loads the adapter only for a YouTube video.
 */

/** The embed address for a video: the JS API on, our origin named, YouTube's own controls off. */
export function youtubeEmbedUrl(embedOrigin: string, youtubeId: string, pageOrigin: string, autoplay = false): string {
  const params = new URLSearchParams({
    enablejsapi: "1",
    origin: pageOrigin,
    playsinline: "1",
    rel: "0",
    controls: "0",
    disablekb: "1",
    modestbranding: "1",
    autoplay: autoplay ? "1" : "0",
  });
  return `${embedOrigin}/embed/${encodeURIComponent(youtubeId)}?${params}`;
}
