/**
 * GoTrue's admin API under /auth/v1/admin and /auth/v1/invite, for the service-role key only (or
 * the app's own server code, handed over in-process with the service role). Refusals are GoTrue's
 * requireAdminCredentials: no bearer token 401 `no_authorization`; a token that is no JWT 403
 * `bad_jwt`; a user's access token (whoever it belongs to, the app's owners included) or the anon
 * key 403 `not_admin` (admin-guard.ts). The handlers: admin-users.ts, admin-user-write.ts and
 * admin-links.ts.
 */
import type { Handler, Route } from "../routes";
import { requireAdmin } from "./admin-guard";
import { generateLink, invite } from "./admin-links";
import { createUser, updateUser } from "./admin-user-write";
import { deleteFactor, deleteUser, getUser, listFactors, listUsers } from "./admin-users";

const admin =
  (handler: Handler): Handler =>
  async (ctx, ...params) => {
    await requireAdmin(ctx);
    return handler(ctx, ...params);
  };

export const adminRoutes: Route[] = [
  { method: "GET", pattern: /^\/admin\/users$/, handler: admin(listUsers) },
  { method: "POST", pattern: /^\/admin\/users$/, handler: admin(createUser) },
  { method: "GET", pattern: /^\/admin\/users\/([^/]+)$/, handler: admin(getUser) },
  { method: "PUT", pattern: /^\/admin\/users\/([^/]+)$/, handler: admin(updateUser) },
  { method: "DELETE", pattern: /^\/admin\/users\/([^/]+)$/, handler: admin(deleteUser) },
  { method: "GET", pattern: /^\/admin\/users\/([^/]+)\/factors$/, handler: admin(listFactors) },
  { method: "DELETE", pattern: /^\/admin\/users\/([^/]+)\/factors\/([^/]+)$/, handler: admin(deleteFactor) },
  { method: "POST", pattern: /^\/admin\/generate_link$/, handler: admin(generateLink) },
  { method: "POST", pattern: /^\/invite$/, handler: admin(invite) },
];
