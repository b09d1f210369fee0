/**
 * The 11-character video id of a YouTube link, in every common form: watch?v=, youtu.be/,
 * shorts/, embed/, live/, v/, on www., m., music. and the privacy-enhanced domain, with any
 * extra parameters. One parser for the add-video form and the server (POST /api/videos takes
 * the bare id or any link the form takes).
 */
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

const HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const PATH_PREFIXES = ["shorts", "embed", "live", "v", "e"];

export function youtubeIdFromUrl(input: string): string | null {
  let url: URL;
  try {
    const text = input.trim();
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined;
  if (host === "youtu.be" || host === "www.youtu.be") id = parts[0];
  else if (HOSTS.has(host)) {
    if (parts[0] === "watch") id = url.searchParams.get("v");
    else if (parts[0] && PATH_PREFIXES.includes(parts[0])) id = parts[1];
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The video id in what was given: the bare 11-character id, or a link youtubeIdFromUrl reads. */
export function youtubeVideoId(input: string): string | null {
  const text = input.trim();
  return YOUTUBE_ID.test(text) ? text : youtubeIdFromUrl(text);
}
