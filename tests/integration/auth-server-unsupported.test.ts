/**
 * The embedded auth server behind a real HTTP server, driven by the unmodified supabase-js client,
 * on every test database: the features it does not offer (phone, anonymous, OAuth and OIDC
 * providers, Web3, SAML SSO, identity linking, passkeys, the OAuth 2.1 server) are refused with
 * the status, code and message GoTrue gives when they are turned off.
 */
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { PASSWORD, authServerSuite } from "../helpers/auth-server";
import { testDbKinds } from "../helpers/db";

type Refusal = { status: number; code?: string; message: string };

/** A supabase-js error, as the status, code and message GoTrue's answer gives it. */
function refusal(error: { status?: number; code?: string; message: string } | null): Refusal {
  expect(error).not.toBeNull();
  return { status: error!.status!, code: error!.code, message: error!.message };
}

/** An unsigned token whose payload is the given claims (the server never gets as far as its signature). */
const unsignedToken = (claims: Record<string, unknown>) =>
  ["e30", Buffer.from(JSON.stringify(claims)).toString("base64url"), "c2ln"].join(".");

/** Node 20 has no WebSocket, and supabase-js wants one for realtime, which is never opened here. */
class NoWebSocket {
  constructor() {
    throw new Error("realtime is not used in these tests");
  }
}

describe.each(testDbKinds)("embedded auth server on %s: features not offered", (kind) => {
  const h = authServerSuite(kind);
  const { client, signedIn, rawRequest } = h;

  it("refuses phone and anonymous sign-ins", async () => {
    const phone = "+15555550100";
    const supabase = client();
    expect(refusal((await supabase.auth.signInWithOtp({ phone })).error)).toEqual({
      status: 400,
      code: "phone_provider_disabled",
      message: "Unsupported phone provider",
    });
    expect(refusal((await supabase.auth.signUp({ phone, password: PASSWORD })).error)).toEqual({
      status: 400,
      code: "phone_provider_disabled",
      message: "Phone signups are disabled",
    });
    expect(refusal((await supabase.auth.signInAnonymously()).error)).toEqual({
      status: 422,
      code: "anonymous_provider_disabled",
      message: "Anonymous sign-ins are disabled",
    });
  });

  it("refuses a phone password and an SMS code as GoTrue does", async () => {
    const phone = "+15555550100";
    const supabase = client();
    expect(refusal((await supabase.auth.signInWithPassword({ phone, password: PASSWORD })).error)).toEqual({
      status: 422,
      code: "phone_provider_disabled",
      message: "Phone logins are disabled",
    });
    // GoTrue looks the number up before anything else, finds nobody, and says the code is wrong.
    expect(refusal((await supabase.auth.verifyOtp({ phone, token: "123456", type: "sms" })).error)).toEqual({
      status: 403,
      code: "otp_expired",
      message: "Token has expired or is invalid",
    });
    expect(refusal((await supabase.auth.verifyOtp({ phone: "12", token: "123456", type: "sms" })).error)).toEqual({
      status: 400,
      code: "validation_failed",
      message: "Invalid phone number format (E.164 required)",
    });
    expect(refusal((await supabase.auth.signInWithOtp({ phone, options: { shouldCreateUser: false } })).error)).toEqual({
      status: 422,
      code: "otp_disabled",
      message: "Signups not allowed for otp",
    });
  });

  it("answers GET /authorize for any provider with GoTrue's JSON error, not a redirect", async () => {
    const { data, error } = await client().auth.signInWithOAuth({ provider: "github", options: { skipBrowserRedirect: true } });
    expect(error).toBeNull();
    expect(data.url).toContain("/auth/v1/authorize?provider=github");
    const github = await fetch(data.url!, { redirect: "manual" });
    expect(github.status).toBe(400);
    expect(await github.json()).toMatchObject({ code: "validation_failed", message: "Unsupported provider: provider is not enabled" });

    const answers: [string, string][] = [
      ["Google", "Unsupported provider: provider is not enabled"],
      ["nope", "Unsupported provider: Provider nope could not be found"],
      ["", "Unsupported provider: Provider  could not be found"],
      ["custom:acme", "Unsupported provider: custom OAuth providers are disabled"],
    ];
    for (const [provider, message] of answers) {
      const answer = await rawRequest("GET", `/authorize?provider=${encodeURIComponent(provider)}`);
      expect(answer.status, provider).toBe(400);
      expect(answer.json, provider).toMatchObject({ code: "validation_failed", message });
    }
  });

  it("sends a provider's callback back to the site with GoTrue's error", async () => {
    const cases: [string, RequestInit, string, string][] = [
      ["", {}, "bad_oauth_callback", "OAuth state parameter missing"],
      ["?state=xyz&code=abc", {}, "bad_oauth_state", "OAuth state parameter is invalid"],
      ["?state=6ba7b810-9dad-11d1-80b4-00c04fd430c8", {}, "bad_oauth_state", "OAuth state not found or expired"],
      [
        "?state=ignored",
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "state=&code=abc" },
        "bad_oauth_callback",
        "OAuth state parameter missing",
      ],
    ];
    for (const [query, init, code, message] of cases) {
      const response = await fetch(`${h.main.url}/auth/v1/callback${query}`, { ...init, redirect: "manual" });
      expect(response.status, query).toBe(303);
      const location = new URL(response.headers.get("location")!);
      expect(location.origin).toBe(h.main.url);
      expect(Object.fromEntries(location.searchParams)).toEqual({ error: "invalid_request", error_code: code, error_description: message });
    }
  });

  it("refuses ID tokens: no OIDC provider is enabled", async () => {
    const supabase = client();
    const google = await supabase.auth.signInWithIdToken({ provider: "google", token: "not-even-a-jwt" });
    expect(refusal(google.error)).toEqual({
      status: 400,
      code: "provider_disabled",
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const apple = await supabase.auth.signInWithIdToken({ provider: "apple", token: unsignedToken({ iss: "https://appleid.apple.com" }) });
    expect(refusal(apple.error)).toEqual({
      status: 400,
      code: "provider_disabled",
      message: 'Provider (issuer "https://appleid.apple.com") is not enabled',
    });
    const unreadable = await supabase.auth.signInWithIdToken({ provider: "apple", token: "abc" });
    expect(refusal(unreadable.error)).toEqual({
      status: 400,
      code: "validation_failed",
      message: "Unable to detect issuer in ID token for Apple provider",
    });
    const notAzure = await supabase.auth.signInWithIdToken({ provider: "azure", token: unsignedToken({ iss: "https://example.com" }) });
    expect(refusal(notAzure.error)).toMatchObject({ message: "Detected ID token issuer is not an Azure ID token issuer" });
    const custom = await supabase.auth.signInWithIdToken({ provider: "custom:acme", token: "x" });
    expect(refusal(custom.error)).toMatchObject({ code: "validation_failed", message: "Custom OAuth providers are disabled" });
    const other = await supabase.auth.signInWithIdToken({ provider: "https://id.example", token: "x" });
    expect(refusal(other.error)).toMatchObject({ code: "validation_failed", message: 'Custom OIDC provider "https://id.example" not allowed' });

    // GoTrue's plain OAuth errors: no code.
    const missing = await rawRequest("POST", "/token?grant_type=id_token", JSON.stringify({ provider: "google" }));
    expect(missing).toMatchObject({ status: 400, json: { error: "invalid request", error_description: "id_token required" } });
    const noIssuer = await rawRequest("POST", "/token?grant_type=id_token", JSON.stringify({ id_token: "x", client_id: "y" }));
    expect(noIssuer.json).toEqual({ error: "invalid request", error_description: "provider or client_id and issuer required" });
  });

  it("refuses Web3 sign-ins before reading the message", async () => {
    const { error } = await client().auth.signInWithWeb3({ chain: "ethereum", message: "hello", signature: "0x00" });
    expect(refusal(error)).toEqual({ status: 422, code: "web3_provider_disabled", message: "Web3 provider is disabled" });
    const bare = await rawRequest("POST", "/token?grant_type=web3", "not json");
    expect(bare).toMatchObject({ status: 422, json: { code: "web3_provider_disabled" } });
  });

  it("refuses SAML single sign-on, its metadata and its assertions", async () => {
    const expected = { status: 404, code: "saml_provider_disabled", message: "SAML 2.0 is disabled" };
    const supabase = client();
    expect(refusal((await supabase.auth.signInWithSSO({ domain: "example.com" })).error)).toEqual(expected);
    expect(refusal((await supabase.auth.signInWithSSO({ providerId: "21648a9d-8d5a-4555-a9d1-d6375dc14e92" })).error)).toEqual(expected);
    for (const [method, path] of [["GET", "/sso/saml/metadata"], ["POST", "/sso/saml/acs"]]) {
      const answer = await rawRequest(method!, path!);
      expect(answer.status, path).toBe(404);
      expect(answer.json, path).toMatchObject({ code: expected.code, message: expected.message });
    }
  });

  it("refuses identity linking after checking the caller, as GoTrue does", async () => {
    const { supabase, session } = await signedIn("linking");
    const expected = { status: 404, code: "manual_linking_disabled", message: "Manual linking is disabled" };
    expect(refusal((await supabase.auth.linkIdentity({ provider: "google" })).error)).toEqual(expected);
    const identities = await supabase.auth.getUserIdentities();
    expect(identities.error).toBeNull();
    const email = identities.data!.identities[0]!;
    expect(refusal((await supabase.auth.unlinkIdentity(email)).error)).toEqual(expected);

    // Linking with an ID token gets as far as the provider.
    const viaToken = await supabase.auth.linkIdentity({ provider: "google", token: "x" });
    expect(refusal(viaToken.error)).toMatchObject({ status: 400, code: "provider_disabled" });

    // Without a session: the token is checked first.
    const anonymous = await client().auth.linkIdentity({ provider: "google" });
    expect(refusal(anonymous.error)).toMatchObject({ status: 403, code: "bad_jwt" });
    const noToken = await fetch(`${h.main.url}/auth/v1/user/identities/${email.identity_id}`, { method: "DELETE" });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ code: "no_authorization", message: "This endpoint requires a valid Bearer token" });
    const linkToken = await rawRequest("POST", "/token?grant_type=id_token", JSON.stringify({ provider: "google", id_token: "x", link_identity: true }));
    expect(linkToken.json).toEqual({ error: "invalid request", error_description: "Linking requires a valid user access token in Authorization" });
    const signedInRaw = await rawRequest("GET", "/user/identities/authorize?provider=github", undefined, {
      Authorization: `Bearer ${session.access_token}`,
    });
    expect(signedInRaw).toMatchObject({ status: 404, json: { code: "manual_linking_disabled" } });
  });

  it("refuses passkeys and the OAuth 2.1 server", async () => {
    const { supabase } = await signedIn("oauth-server");
    const oauthOff = { status: 404, code: "feature_disabled", message: "OAuth server is disabled" };
    expect(refusal((await supabase.auth.oauth.listGrants()).error)).toEqual(oauthOff);
    expect(refusal((await supabase.auth.oauth.getAuthorizationDetails("abc")).error)).toEqual(oauthOff);
    const noGrants = await rawRequest("GET", "/user/oauth/grants");
    expect(noGrants.status).toBe(401);

    const passkeys = createClient(h.main.url, "embedded-anon-key", {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, experimental: { passkey: true } },
      realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
    });
    expect(refusal((await passkeys.auth.passkey.startAuthentication()).error)).toEqual({
      status: 404,
      code: "passkey_disabled",
      message: "Passkeys are disabled",
    });
    expect(await rawRequest("GET", "/passkeys")).toMatchObject({ status: 404, json: { code: "passkey_disabled" } });
  });
});
