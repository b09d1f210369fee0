/**
 * A video's title from YouTube's public oEmbed endpoint, for videos added without one. Never
 * blocks an add: a slow, failed or odd answer gives null and the caller picks a fallback.
 */
const TIMEOUT_MS = 4000;

export async function fetchYoutubeTitle(youtubeId: string, endpoint = "https://www.youtube.com/oembed"): Promise<string | null> {
  const url = new URL(endpoint);
  url.searchParams.set("url", `https://www.youtube.com/watch?v=${youtubeId}`);
  url.searchParams.set("format", "json");
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error" });
    if (!response.ok) return null;
    const body = (await response.json()) as { title?: unknown };
    const title = typeof body.title === "string" ? body.title.replace(/\u0000/g, "").trim().slice(0, 200) : "";
    return title || null;
  } catch {
    return null;
  }
}
