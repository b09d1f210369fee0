/**
 * Route-handler wrapper: authenticates the caller (bearer token or session cookie; the session
 * must be live and past its second factor), refuses cross-site writes made with the cookie,
 * parses route params, query and JSON body with zod, hands the handler the database, and turns
 * every failure into the error envelope. Handlers stay a few lines.
 */
import type { z } from "zod";
import { getDb, type Db } from "@/db/client";
import type { User } from "@/db/schema";
import { requestOrigin } from "@/lib/auth/config";
import { requireAppUser, type RequestAuth, type Role } from "@/lib/auth/require-user";
import { BodyError, readJsonBody } from "@/lib/http/body";
import { clientAddress } from "@/lib/http/client-address";
import { requestSite } from "@/lib/http/same-origin";
import { ApiError, badRequest, forbidden, toErrorResponse, zodMessage } from "./errors";

type RawParams = Record<string, string | string[] | undefined>;

export type RouteContext<TBody, TQuery, TParams, TUser> = {
  request: Request;
  params: TParams;
  body: TBody;
  query: TQuery;
  user: TUser;
  /** How the caller authenticated (null on public routes): the access token and its claims. */
  auth: TUser extends null ? null : RequestAuth;
  db: Db;
  /** The app's public origin as this request reached it, and the client's address (for limits). */
  client: { origin: string; clientIp: string };
};

type Options<TBody, TQuery, TParams, TAuth extends boolean> = {
  /** Require a signed-in user (default true); false: a public route, whose handler gets no user. */
  auth?: TAuth;
  /** Roles allowed; implies auth. */
  roles?: readonly Role[];
  params?: TParams;
  /**
   * The JSON body's schema. Without one the body is left unread, for a handler that streams
   * `request` itself (a multipart upload).
   */
  body?: TBody;
  query?: TQuery;
  /**
   * A permission check that needs the route params, run before the body is read: a caller who
   * may not act gets 403 whatever the body says.
   */
  guard?: (ctx: { user: User; params: Infer<TParams> }) => void;
  /** Largest JSON body accepted (default 1 MiB); larger ones get 413 before they are read whole. */
  maxBodyBytes?: number;
  /**
   * Refuse cross-site requests made with the session cookie even when they only read: a read that
   * spends something of the caller's (an AI lookup counted against them), which a link or image on
   * another site must not make the browser spend.
   */
  sameOriginReads?: boolean;
};

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/** A Response whose JSON body is known to be `T`, so callers and tests get the result's type. */
export type JsonResponse<T> = Response & { json(): Promise<T> };

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function route<
  TResult,
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TParams extends z.ZodType | undefined = undefined,
  TAuth extends boolean = true,
>(
  options: Options<TBody, TQuery, TParams, TAuth>,
  handler: (
    ctx: RouteContext<Infer<TBody>, Infer<TQuery>, Infer<TParams>, TAuth extends false ? null : User>,
  ) => Promise<TResult | Response>,
) {
  return async (request: Request, routeContext?: { params?: Promise<RawParams> }): Promise<JsonResponse<TResult>> => {
    const wantsAuth = options.auth !== false || options.roles !== undefined;
    try {
      // Public routes never look at a token, so they cost nothing extra when one is sent.
      const authenticated = wantsAuth ? await requireAppUser(request, options.roles) : null;
      if (authenticated?.auth.via === "cookie" && (options.sameOriginReads || !SAFE_METHODS.has(request.method))) assertSameOrigin(request);

      const params = options.params ? parse(options.params, (await routeContext?.params) ?? {}, "path") : undefined;
      if (options.guard && authenticated) options.guard({ user: authenticated.user, params: params as Infer<TParams> });
      const query = options.query ? parse(options.query, queryObject(request), "query") : undefined;
      const body = options.body
        ? parse(options.body, await readBody(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES), "body")
        : undefined;

      const result = await handler({
        request,
        params,
        body,
        query,
        user: authenticated?.user ?? null,
        auth: authenticated?.auth ?? null,
        db: await getDb(),
        client: { origin: requestOrigin(request.headers, request.url), clientIp: clientAddress(request.headers) },
      } as RouteContext<Infer<TBody>, Infer<TQuery>, Infer<TParams>, TAuth extends false ? null : User>);
      const response = result instanceof Response ? result : Response.json(result ?? null);
      return (wantsAuth ? privateResponse(response) : response) as JsonResponse<TResult>;
    } catch (error) {
      const response = toErrorResponse(error);
      return (wantsAuth ? privateResponse(response) : response) as JsonResponse<TResult>;
    }
  };
}

/**
 * What a signed-in route answers (its data, or an error that says whether something exists)
 * belongs to that caller: no shared cache may keep it, and the browser may not keep it for a
 * later user of the same machine. A handler that chose its own policy (media: private, kept for
 * seeking) keeps it.
 */
function privateResponse(response: Response): Response {
  if (response.headers.has("cache-control")) return response;
  try {
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  } catch {
    // Headers of some responses (Response.redirect, fetched ones) cannot change: copy them.
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", "private, no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

export function parse<T extends z.ZodType>(schema: T, raw: unknown, where: "path" | "query" | "body"): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // An id that cannot exist is an unknown resource, not a malformed request.
  if (where === "path") throw new ApiError("not_found", "Not found");
  throw badRequest(zodMessage(parsed.error));
}

/** Query parameters as an object; a parameter given twice, or holding a NUL, is refused. */
export function queryObject(request: Request): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) {
    if (name in result) throw badRequest(`Query parameter "${name}" may be given only once`);
    if (value.includes("\u0000") || name.includes("\u0000")) throw badRequest(`Query parameter "${name}" must not contain NUL characters`);
    result[name] = value;
  }
  return result;
}

/** A JSON body read as route() reads it (capped, JSON media type, no NUL), for handlers that also take other formats. */
export async function readBody(request: Request, maxBytes: number): Promise<unknown> {
  try {
    return await readJsonBody(request, { maxBytes, emptyValue: {}, requireMediaType: true });
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    const problem = error.problem;
    switch (problem.kind) {
      case "too_large":
        throw new ApiError("payload_too_large", `The request body is larger than ${Math.floor(problem.maxBytes / 1024)} KiB`);
      case "unsupported_media_type":
        throw new ApiError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json)");
      case "nul":
        throw badRequest(`${problem.path}: must not contain NUL characters`);
      case "too_deep":
        throw badRequest(`The request body is nested too deeply (at most ${problem.maxDepth} levels of arrays and objects)`);
      case "unreadable":
      case "not_json":
        throw badRequest("The request body is not valid JSON");
    }
  }
}

/**
 * A write authenticated by the session cookie must come from the app's own pages: a form or script
 * on another site must not act with the cookie it carries along. A request no header places (not
 * a browser) is let through: it could not have carried a browser's cookie without its user.
 */
function assertSameOrigin(request: Request): void {
  if (requestSite(request, requestOrigin(request.headers, request.url)) === "cross-site") throw forbidden("Cross-site requests are not allowed");
}
