/** GET /health, GET /settings and GET /.well-known/jwks.json, answered as GoTrue answers them. */
import type { RequestContext } from "../context";
import { jsonResponse } from "../http";

export function health(): Response {
  return jsonResponse({
    version: "embedded",
    name: "GoTrue",
    description: "GoTrue is a user registration and authentication API",
  });
}

const externalProviders = [
  "anonymous_users", "apple", "azure", "bitbucket", "discord", "facebook", "figma", "fly", "github", "gitlab",
  "google", "keycloak", "kakao", "linkedin", "linkedin_oidc", "notion", "spotify", "slack", "slack_oidc",
  "workos", "twitch", "twitter", "zoom", "phone", "saml",
];

export function settings(ctx: RequestContext): Response {
  return jsonResponse({
    external: { ...Object.fromEntries(externalProviders.map((p) => [p, false])), email: true },
    disable_signup: ctx.config.disableSignup,
    mailer_autoconfirm: ctx.config.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
  });
}

export async function jwks(ctx: RequestContext): Promise<Response> {
  return jsonResponse(await ctx.keys.jwks(), 200, { "Cache-Control": "public, max-age=600" });
}
