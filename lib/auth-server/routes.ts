/**
 * GoTrue's HTTP API as the embedded server offers it: which handler answers which method and
 * path under /auth/v1/. The admin API and the answers for features not offered have their own
 * tables beside their handlers.
 */
import type { RequestContext } from "./context";
import { adminRoutes } from "./handlers/admin";
import { enrollFactor, challengeFactor, unenrollFactor, verifyFactor } from "./handlers/factors";
import { health, jwks, settings } from "./handlers/misc";
import { otp } from "./handlers/otp";
import { recover, resend } from "./handlers/recover";
import { signup } from "./handlers/signup";
import { token } from "./handlers/token";
import { unsupportedRoutes } from "./handlers/unsupported";
import { getUser, logout, reauthenticate, updateUser } from "./handlers/user";
import { verifyGet, verifyPost } from "./handlers/verify";

export type Handler = (ctx: RequestContext, ...params: string[]) => Promise<Response> | Response;
export type Route = { method: string; pattern: RegExp; handler: Handler };

export const routes: Route[] = [
  { method: "GET", pattern: /^\/health$/, handler: health },
  { method: "GET", pattern: /^\/settings$/, handler: settings },
  { method: "GET", pattern: /^\/\.well-known\/jwks\.json$/, handler: jwks },
  { method: "POST", pattern: /^\/signup$/, handler: signup },
  { method: "POST", pattern: /^\/token$/, handler: token },
  { method: "POST", pattern: /^\/logout$/, handler: logout },
  { method: "GET", pattern: /^\/user$/, handler: getUser },
  { method: "PUT", pattern: /^\/user$/, handler: updateUser },
  { method: "GET", pattern: /^\/reauthenticate$/, handler: reauthenticate },
  { method: "POST", pattern: /^\/recover$/, handler: recover },
  { method: "POST", pattern: /^\/resend$/, handler: resend },
  { method: "GET", pattern: /^\/verify$/, handler: verifyGet },
  { method: "POST", pattern: /^\/verify$/, handler: verifyPost },
  { method: "POST", pattern: /^\/factors$/, handler: enrollFactor },
  { method: "POST", pattern: /^\/factors\/([^/]+)\/challenge$/, handler: challengeFactor },
  { method: "POST", pattern: /^\/factors\/([^/]+)\/verify$/, handler: verifyFactor },
  { method: "DELETE", pattern: /^\/factors\/([^/]+)$/, handler: unenrollFactor },
  { method: "POST", pattern: /^\/otp$/, handler: otp },
  ...adminRoutes,
  ...unsupportedRoutes,
];
