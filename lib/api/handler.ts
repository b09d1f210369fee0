/**
 * Route-handler wrapper: authenticates the bearer token (when asked), parses the JSON body and
 * query with zod, and turns every failure into the error envelope. Handlers stay thin.
 */
import type { z } from "zod";
import type { User } from "@/db/schema";
import { requireAppUser, type Role } from "@/lib/auth/require-user";
import { ApiError, badRequest, toErrorResponse, zodMessage } from "./errors";

type Params = Record<string, string | string[] | undefined>;

type Context<TBody, TQuery, TUser> = {
  request: Request;
  params: Params;
  body: TBody;
  query: TQuery;
  user: TUser;
};

type Options<TBody extends z.ZodType | undefined, TQuery extends z.ZodType | undefined, TAuth extends boolean> = {
  /** Require a signed-in user (default true); false: a public route, whose handler gets no user. */
  auth?: TAuth;
  /** Roles allowed; implies auth. */
  roles?: Role[];
  body?: TBody;
  query?: TQuery;
};

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export function route<
  TBody extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TAuth extends boolean = true,
>(
  options: Options<TBody, TQuery, TAuth>,
  handler: (
    ctx: Context<Infer<TBody>, Infer<TQuery>, TAuth extends false ? null : User>,
  ) => Promise<Response | unknown>,
) {
  return async (request: Request, routeContext?: { params?: Promise<Params> }): Promise<Response> => {
    try {
      const params = (await routeContext?.params) ?? {};
      const wantsAuth = options.auth !== false || options.roles !== undefined;
      // Public routes never look at a token, so they cost nothing extra when one is sent.
      const user = wantsAuth ? await requireAppUser(request, options.roles) : null;

      let query: unknown = undefined;
      if (options.query) {
        const raw = Object.fromEntries(new URL(request.url).searchParams);
        const parsed = options.query.safeParse(raw);
        if (!parsed.success) throw badRequest(zodMessage(parsed.error));
        query = parsed.data;
      }

      let body: unknown = undefined;
      if (options.body) {
        const raw = await readJson(request);
        const parsed = options.body.safeParse(raw);
        if (!parsed.success) throw badRequest(zodMessage(parsed.error));
        body = parsed.data;
      }

      const result = await handler({ request, params, body, query, user } as Context<
        Infer<TBody>,
        Infer<TQuery>,
        TAuth extends false ? null : User
      >);
      return result instanceof Response ? result : Response.json(result ?? null);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (type && !type.includes("application/json")) {
    throw new ApiError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json)");
  }
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON");
  }
}
