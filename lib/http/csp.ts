/**
 * The Content-Security-Policy of every page. Scripts, styles, media and requests stay on this
 * origin (plus the hosted auth server when one is configured); images may also come from
 * YouTube's thumbnail host; the only frame a page may hold is the YouTube embed, and no other
 * site may frame ours (clickjacking).
 *
 * Scripts keep 'unsafe-inline': Next.js streams inline bootstrap scripts, and a nonce would make
 * every page dynamic. React escapes what it renders, so the policy's work here is framing,
 * plug-ins, foreign scripts and where data may be sent.
 */
export type CspOptions = {
  youtubeEmbedOrigin: string;
  /** The hosted Supabase project, when auth is not embedded. */
  authUrl?: string;
  /** `next dev` evaluates modules and talks to its own websocket. */
  dev?: boolean;
};

export function contentSecurityPolicy({ youtubeEmbedOrigin, authUrl, dev = false }: CspOptions): string {
  const auth = authUrl ? new URL(authUrl) : undefined;
  const connect = ["'self'"];
  if (auth) connect.push(auth.origin, `${auth.protocol === "https:" ? "wss" : "ws"}://${auth.host}`);
  if (dev) connect.push("ws:");
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://i.ytimg.com"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:"],
    "connect-src": connect,
    // The service worker's script and the web app manifest are this origin's.
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "frame-src": [youtubeEmbedOrigin],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
