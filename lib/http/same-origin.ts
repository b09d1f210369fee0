/**
 * Where a browser says a request comes from, judged against the app's own origin: browsers name
 * the requesting site (Sec-Fetch-Site), else the requesting page (Origin, then Referer). A form,
 * link or image on another site must not act with the session cookie the browser carries along.
 */

/** "unknown": no header says (a client that is not a browser, or a very old one). */
export type RequestSite = "same-origin" | "cross-site" | "unknown";

export function requestSite(request: Request, ownOrigin: string): RequestSite {
  const site = request.headers.get("sec-fetch-site");
  // "none": the user typed the address, or used a bookmark.
  if (site !== null) return site === "same-origin" || site === "none" ? "same-origin" : "cross-site";
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === ownOrigin ? "same-origin" : "cross-site";
  const referer = request.headers.get("referer");
  if (!referer) return "unknown";
  try {
    return new URL(referer).origin === ownOrigin ? "same-origin" : "cross-site";
  } catch {
    return "cross-site";
  }
}
