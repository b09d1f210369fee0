/**
 * GoTrue's answers for the features the embedded server does not offer, given as GoTrue (supabase/auth)
 * gives them with the feature turned off: OAuth providers (GET /authorize, /callback), ID tokens
 * and Web3 (POST /token, called from token.ts), SAML SSO, manual identity linking, passkeys, the
 * OAuth 2.1 server and SCIM. Phone and anonymous sign-ins are refused where their requests land
 * (signup.ts, verify.ts, token.ts).
 */
import { z } from "zod";
import { readBytes } from "@/lib/http/body";
import type { RequestContext } from "../context";
import { AuthServerError, oauthErrorByStatus, validationFailed } from "../errors";
import { authenticate, limitByIp } from "../guards";
import { jsonResponse, optionalString, readBody, redirectResponse } from "../http";
import type { Handler, Route } from "../routes";

/** The providers GoTrue can be configured with (`Provider()` in GoTrue's external.go). */
const OAUTH_PROVIDERS = new Set([
  "apple", "azure", "bitbucket", "discord", "facebook", "figma", "fly", "github", "gitlab", "google", "kakao",
  "keycloak", "linkedin", "linkedin_oidc", "notion", "snapchat", "spotify", "slack", "slack_oidc", "twitch",
  "twitter", "x", "vercel_marketplace", "workos", "zoom",
]);

/** GoTrue's `%q`: a Go-quoted string, for the messages that quote what the client sent. */
function goQuote(value: string): string {
  const named: Record<string, string> = { "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v", '"': '\\"', "\\": "\\\\" };
  let out = "";
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (named[char]) out += named[char];
    else if (code >= 0xd800 && code <= 0xdfff) out += "\ufffd"; // as Go's JSON decoder reads a lone surrogate
    else if (char === " " || /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(char)) out += char;
    else if (code < 0x80) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return `"${out}"`;
}

/** GoTrue's plain OAuth error body (`{error, error_description}`, no code), always a 400. */
const oauthError = (description: string) => jsonResponse({ error: "invalid request", error_description: description }, 400);

const refuse = (status: number, code: string, message: string): Handler => () => {
  throw new AuthServerError(status, code, message);
};

/** For routes GoTrue puts behind requireAuthentication: the caller's token is checked first. */
const refuseSignedIn = (status: number, code: string, message: string): Handler => async (ctx) => {
  await authenticate(ctx);
  throw new AuthServerError(status, code, message);
};

/** GoTrue's middleware refuses a whole subtree, whatever the method. */
const everyMethod = (pattern: RegExp, handler: Handler): Route[] =>
  ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].map((method) => ({ method, pattern, handler }));

/** GET /authorize?provider=…: answered in JSON, not redirected (no provider is configured). */
function authorize(ctx: RequestContext): never {
  const name = (ctx.url.searchParams.get("provider") ?? "").toLowerCase();
  let reason = `Provider ${name} could not be found`;
  if (name.startsWith("custom:")) reason = "custom OAuth providers are disabled";
  else if (OAUTH_PROVIDERS.has(name)) reason = "provider is not enabled";
  throw validationFailed(`Unsupported provider: ${reason}`);
}

/** The UUID spellings Go's uuid package reads (canonical, braced, urn:uuid:, bare hex): only these are looked up. */
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$|^\{[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}$|^[0-9a-f]{32}$/i;

/** Go's FormValue: a urlencoded POST body's value wins over the query's. */
async function callbackState(ctx: RequestContext): Promise<string> {
  const type = ctx.request.headers.get("content-type")?.split(";")[0]!.trim().toLowerCase();
  if (ctx.request.method === "POST" && type === "application/x-www-form-urlencoded") {
    try {
      const form = new URLSearchParams(new TextDecoder().decode(await readBytes(ctx.request, 1024 * 1024)));
      const posted = form.get("state");
      if (posted !== null) return posted;
    } catch {
      // An unreadable body is no form, as in Go.
    }
  }
  return ctx.url.searchParams.get("state") ?? "";
}

/**
 * GET|POST /callback, where a provider sends the browser back. No sign-in with a provider was
 * ever started here, so no state is ever found: GoTrue then sends the browser to the site URL
 * with the error in the query (its loadFlowState).
 */
async function callback(ctx: RequestContext): Promise<Response> {
  const state = await callbackState(ctx);
  const error = !state
    ? new AuthServerError(400, "bad_oauth_callback", "OAuth state parameter missing")
    : !UUID.test(state)
      ? new AuthServerError(400, "bad_oauth_state", "OAuth state parameter is invalid")
      : new AuthServerError(400, "bad_oauth_state", "OAuth state not found or expired");
  const target = new URL(ctx.config.siteUrl ?? ctx.site);
  target.searchParams.set("error", oauthErrorByStatus[error.status]!);
  target.searchParams.set("error_code", error.code);
  target.searchParams.set("error_description", error.message);
  target.searchParams.sort(); // Go encodes query parameters in key order
  return redirectResponse(target.toString(), 303);
}

/** POST /token?grant_type=web3: refused before the body is read, as GoTrue does. */
export function web3Grant(ctx: RequestContext): never {
  limitByIp(ctx, ctx.limits.signIns);
  throw new AuthServerError(422, "web3_provider_disabled", "Web3 provider is disabled");
}

const idTokenSchema = z.object({
  id_token: optionalString,
  access_token: optionalString,
  nonce: optionalString,
  provider: optionalString,
  client_id: optionalString,
  issuer: optionalString,
  link_identity: z.boolean().nullish(),
});

const APPLE_ISSUERS = ["https://appleid.apple.com", "https://account.apple.com"];
const AZURE_ISSUER = /^https:\/\/login[.]microsoftonline[.]com\/([^/]+)\/v2[.]0\/?$/;
/** The providers whose ID tokens have one known issuer. */
const ISSUERS = {
  google: "https://accounts.google.com",
  facebook: "https://www.facebook.com",
  kakao: "https://kauth.kakao.com",
  vercel_marketplace: "https://marketplace.vercel.com",
  snapchat: "https://accounts.snapchat.com/accounts/oauth2/token",
};

/** The unverified `iss` claim, read as Go reads it; undefined when the token cannot be read. */
function issuerClaim(idToken: string): string | undefined {
  const parts = idToken.split(".");
  const payload = parts[1]?.replace(/[\r\n]/g, "");
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]*$/.test(payload!) || payload!.length % 4 === 1) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (claims === null) return "";
  if (typeof claims !== "object" || Array.isArray(claims)) return undefined;
  let issuer = "";
  // Go matches JSON keys to fields without regard to case; the last one wins.
  for (const [key, value] of Object.entries(claims)) {
    if (key.toLowerCase() !== "iss" || value === null) continue;
    if (typeof value !== "string") return undefined;
    issuer = value;
  }
  return issuer;
}

function detectedIssuer(idToken: string, given: string, label: string, accepts: (issuer: string) => boolean): string {
  const detected = issuerClaim(idToken);
  if (detected === undefined) throw validationFailed(`Unable to detect issuer in ID token for ${label} provider`);
  if (!accepts(detected)) throw validationFailed(`Detected ID token issuer is not an ${label} ID token issuer`);
  if (given && given !== detected) throw validationFailed("Provided issuer does not match ID token issuer");
  return detected;
}

/** Which provider GoTrue picks for an ID token (in its order), and so which issuer its refusal names. */
function idTokenIssuer(provider: string, issuer: string, idToken: string): string {
  const named = (name: keyof typeof ISSUERS) => provider === name || issuer === ISSUERS[name];
  if (provider === "apple" || APPLE_ISSUERS.includes(issuer)) {
    return detectedIssuer(idToken, issuer, "Apple", (detected) => APPLE_ISSUERS.includes(detected));
  }
  if (named("google")) return ISSUERS.google;
  if (provider === "azure" || AZURE_ISSUER.test(issuer)) {
    return detectedIssuer(idToken, issuer, "Azure", (detected) =>
      detected.startsWith("https://login.microsoftonline.com/") || detected.startsWith("https://sts.windows.net/"));
  }
  if (named("facebook")) return ISSUERS.facebook;
  if (provider === "keycloak") return ""; // its issuer is the Keycloak URL, and none is configured
  for (const name of ["kakao", "vercel_marketplace", "snapchat"] as const) if (named(name)) return ISSUERS[name];
  if (provider.startsWith("custom:")) throw validationFailed("Custom OAuth providers are disabled");
  // Without a provider only Apple's and Google's issuers are allowed, and both are taken above.
  throw validationFailed(`Custom OIDC provider ${goQuote(provider)} not allowed`);
}

/** POST /token?grant_type=id_token (signInWithIdToken, linkIdentity with a token): no provider is enabled. */
export async function idTokenGrant(ctx: RequestContext): Promise<Response> {
  limitByIp(ctx, ctx.limits.tokenRefresh);
  const body = await readBody(ctx.request, idTokenSchema);
  const provider = body.provider ?? "";
  const issuer = body.issuer ?? "";
  if (!body.id_token) return oauthError("id_token required");
  if (!provider && (!body.client_id || !issuer)) return oauthError("provider or client_id and issuer required");
  if (body.link_identity) {
    if (!ctx.request.headers.get("authorization")) return oauthError("Linking requires a valid user access token in Authorization");
    await authenticate(ctx);
  }
  const named = idTokenIssuer(provider, issuer, body.id_token);
  throw new AuthServerError(400, "provider_disabled", `Provider (issuer ${goQuote(named)}) is not enabled`);
}

const oauthServerDisabled = refuse(404, "feature_disabled", "OAuth server is disabled");

export const unsupportedRoutes: Route[] = [
  { method: "GET", pattern: /^\/authorize$/, handler: authorize },
  { method: "GET", pattern: /^\/callback$/, handler: callback },
  { method: "POST", pattern: /^\/callback$/, handler: callback },
  ...everyMethod(/^\/sso(?:\/.*)?$/, refuse(404, "saml_provider_disabled", "SAML 2.0 is disabled")),
  ...everyMethod(/^\/user\/identities(?:\/.*)?$/, refuseSignedIn(404, "manual_linking_disabled", "Manual linking is disabled")),
  ...everyMethod(/^\/user\/oauth\/grants(?:\/.*)?$/, refuseSignedIn(404, "feature_disabled", "OAuth server is disabled")),
  ...everyMethod(/^\/oauth(?:\/.*)?$/, oauthServerDisabled),
  { method: "GET", pattern: /^\/\.well-known\/oauth-authorization-server$/, handler: oauthServerDisabled },
  ...everyMethod(/^\/passkeys(?:\/.*)?$/, refuse(404, "passkey_disabled", "Passkeys are disabled")),
  ...everyMethod(/^\/scim\/v2(?:\/.*)?$/, refuse(404, "feature_disabled", "SCIM server is disabled")),
];
