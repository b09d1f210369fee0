/**
 * Redirects to a path of the app. The Location is relative, so the browser resolves it against
 * the address it used: never against the host and port the server happens to listen on.
 */
export function seeOther(path: string, headers?: HeadersInit): Response {
  if (!path.startsWith("/") || path.startsWith("//")) throw new Error(`not an app path: ${path}`);
  const response = new Response(null, { status: 303, headers });
  response.headers.set("Location", path);
  return response;
}
