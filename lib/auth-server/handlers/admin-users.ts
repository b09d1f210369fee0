/**
 * Reading and deleting accounts through the admin API: GET /admin/users (GoTrue's page/per_page
 * pagination with its X-Total-Count and Link headers, newest first), GET and DELETE
 * /admin/users/{id}, and a user's second factors (GET, DELETE /admin/users/{id}/factors[/{id}]).
 *
 * A deletion also removes the user's rows in the product (the app's `users` row, whose cascades
 * take their progress, words and settings), in the same transaction and under the same lock as an
 * owner's deletion on the Users screen, so no account is left without its data or the reverse. A
 * soft delete (GoTrue keeps an anonymised row with `deleted_at`) is refused: this server's tables
 * have no such state, and an account that looked alive would be worse than an answer saying so.
 * Deleting the product's last owner is refused (409 `conflict`), as the Users screen refuses it.
 */
import { and, count, desc, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { countOwners, deleteUser as deleteAppUser, getUserById as getAppUser, lockUserAccounts } from "@/db/queries/users";
import { authMfaFactors, authUsers, type AuthFactor } from "@/db/schema";
import { BodyError, readBytes } from "@/lib/http/body";
import type { RequestContext } from "../context";
import { AuthServerError, validationFailed } from "../errors";
import { jsonResponse, readBody } from "../http";
import { deleteAuthUser } from "../sessions";
import { factorJson, loadUserJson, toUserJson } from "../users";
import { loadUser, parseGoUuid } from "./admin-guard";
import { dropToAal1 } from "./factors";

const AUD = "authenticated";
/** GoTrue's default page size; pop's when a page size of 0 is asked for. */
const DEFAULT_PER_PAGE = 50n;
const POP_DEFAULT_PER_PAGE = 20n;
const MAX_UINT64 = (1n << 64n) - 1n;

/** Go's strconv.ParseUint(value, 10, 64), with its error message. */
function parseUint(raw: string | null, fallback: bigint): bigint {
  if (raw === null || raw === "") return fallback;
  const quoted = JSON.stringify(raw);
  if (!/^[0-9]+$/.test(raw)) throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${quoted}: invalid syntax`);
  const value = BigInt(raw);
  if (value > MAX_UINT64) throw validationFailed(`Bad Pagination Parameters: strconv.ParseUint: parsing ${quoted}: value out of range`);
  return value;
}

/** GoTrue's `sort` parameter: only created_at, asc or desc (the default). */
function sortOrder(ctx: RequestContext): SQL[] {
  const values = ctx.url.searchParams.getAll("sort");
  if (values.length === 0) return [desc(authUsers.createdAt), desc(authUsers.id)];
  return values.map((value) => {
    const [field, dir] = [value.split(" ", 1)[0]!, value.includes(" ") ? value.slice(value.indexOf(" ") + 1) : undefined];
    if (field !== "created_at") throw validationFailed(`Bad Sort Parameters: bad field for sort '${field}'`);
    if (dir !== undefined && !["ASC", "DESC"].includes(dir.toUpperCase())) {
      throw validationFailed(`Bad Sort Parameters: bad direction for sort '${dir}', only 'asc' and 'desc' allowed`);
    }
    return dir?.toUpperCase() === "ASC" ? asc(authUsers.createdAt) : desc(authUsers.createdAt);
  });
}

/** Go's url.QueryEscape. */
const goQueryEscape = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");

/** The request's own path and query with another page, as Go's url.Values encodes it (keys sorted). */
function pageLink(ctx: RequestContext, page: bigint): string {
  const values = new Map<string, string[]>();
  for (const [key, value] of ctx.url.searchParams) values.set(key, [...(values.get(key) ?? []), value]);
  values.set("page", [String(page)]);
  const query = [...values.keys()]
    .sort()
    .flatMap((key) => values.get(key)!.map((value) => `${goQueryEscape(key)}=${goQueryEscape(value)}`))
    .join("&");
  return `${ctx.url.pathname}?${query}`;
}

/** GET /admin/users?page=&per_page=&filter=&sort= */
export async function listUsers(ctx: RequestContext): Promise<Response> {
  const order = sortOrder(ctx);
  const page = parseUint(ctx.url.searchParams.get("page"), 1n);
  const perPage = parseUint(ctx.url.searchParams.get("per_page"), DEFAULT_PER_PAGE);
  const filter = ctx.url.searchParams.get("filter") ?? "";
  const pattern = `%${filter}%`;
  const where = and(
    eq(authUsers.aud, AUD),
    filter ? or(sql`${authUsers.email} like ${pattern}`, sql`${authUsers.userMetaData}->>'full_name' ilike ${pattern}`) : undefined,
  );
  const [counted] = await ctx.db.select({ total: count() }).from(authUsers).where(where);
  const total = counted?.total ?? 0;
  // As pop pages: page 0 is the first, a page size of 0 is pop's default.
  const size = perPage === 0n ? POP_DEFAULT_PER_PAGE : perPage;
  const offset = ((page === 0n ? 1n : page) - 1n) * size;
  const rows =
    offset >= BigInt(total)
      ? []
      : await ctx.db
          .select()
          .from(authUsers)
          .where(where)
          .orderBy(...order)
          .limit(Number(size > BigInt(total) ? BigInt(total) : size))
          .offset(Number(offset));
  const factors = rows.length
    ? await ctx.db.select().from(authMfaFactors).where(inArray(authMfaFactors.userId, rows.map((u) => u.id))).orderBy(asc(authMfaFactors.createdAt))
    : [];
  const byUser = new Map<string, AuthFactor[]>();
  for (const factor of factors) byUser.set(factor.userId, [...(byUser.get(factor.userId) ?? []), factor]);

  const totalPages = (BigInt(total) + size - 1n) / size;
  let link = "";
  if (totalPages > page) link += `<${pageLink(ctx, page + 1n)}>; rel="next", `;
  link += `<${pageLink(ctx, totalPages)}>; rel="last"`;
  return jsonResponse({ users: rows.map((u) => toUserJson(u, byUser.get(u.id))), aud: AUD }, 200, { Link: link, "X-Total-Count": String(total) });
}

/** GET /admin/users/{id} */
export async function getUser(ctx: RequestContext, id: string): Promise<Response> {
  return jsonResponse(await loadUserJson(ctx.db, await loadUser(ctx, id)));
}

export const LAST_OWNER_MESSAGE = "This is the product's last owner: make someone else an owner before deleting this account";

const deleteSchema = z.object({ should_soft_delete: z.boolean().nullish() });

/** DELETE /admin/users/{id}: GoTrue reads the body only when there is one. */
export async function deleteUser(ctx: RequestContext, id: string): Promise<Response> {
  const user = await loadUser(ctx, id);
  let bytes: Uint8Array;
  try {
    bytes = await readBytes(ctx.request, 64 * 1024);
  } catch (error) {
    if (error instanceof BodyError) throw new AuthServerError(413, "validation_failed", "Request body is too large");
    throw error;
  }
  const body =
    bytes.byteLength === 0
      ? {}
      : await readBody(new Request(ctx.url, { method: "POST", headers: ctx.request.headers, body: bytes as BodyInit }), deleteSchema);
  if (body.should_soft_delete) {
    throw new AuthServerError(400, "feature_disabled", "Soft deletion is not supported by this server: delete with should_soft_delete false");
  }
  await ctx.db.transaction(async (tx) => {
    // The lock the product takes for every change of who has an account (lib/services/users.ts).
    await lockUserAccounts(tx);
    // The product's own rule (its Users screen cannot do it either): an install keeps an owner.
    if ((await getAppUser(tx, { id: user.id }))?.role === "owner" && (await countOwners(tx)) <= 1) {
      throw new AuthServerError(409, "conflict", LAST_OWNER_MESSAGE);
    }
    await deleteAppUser(tx, { id: user.id });
    await deleteAuthUser(tx, user.id);
  });
  return jsonResponse({});
}

/** GET /admin/users/{id}/factors */
export async function listFactors(ctx: RequestContext, id: string): Promise<Response> {
  const user = await loadUser(ctx, id);
  const factors = await ctx.db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, user.id)).orderBy(asc(authMfaFactors.createdAt));
  return jsonResponse(factors.map(factorJson));
}

/** DELETE /admin/users/{id}/factors/{factor_id}: sessions that passed it fall back to aal1. */
export async function deleteFactor(ctx: RequestContext, id: string, rawFactorId: string): Promise<Response> {
  const user = await loadUser(ctx, id);
  const factorId = parseGoUuid(rawFactorId);
  if (!factorId) throw new AuthServerError(404, "validation_failed", "factor_id must be an UUID");
  const deleted = await ctx.db.transaction(async (tx) => {
    const [factor] = await tx
      .delete(authMfaFactors)
      .where(and(eq(authMfaFactors.id, factorId), eq(authMfaFactors.userId, user.id)))
      .returning();
    if (!factor) throw new AuthServerError(404, "mfa_factor_not_found", "Factor not found");
    await dropToAal1(ctx, tx, factor.id);
    return factor;
  });
  return jsonResponse(factorJson(deleted));
}
