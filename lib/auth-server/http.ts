/** Request parsing and response building shared by the handlers. */
import { z } from "zod";
import { BodyError, readJsonBody } from "@/lib/http/body";
import { originFromHeaders } from "@/lib/http/origin";
import { AuthServerError, badJson, errorBody, validationFailed } from "./errors";

export const API_VERSION_HEADER = "X-Supabase-Api-Version";
export const API_VERSION = "2024-01-01";

const MAX_BODY_BYTES = 1024 * 1024;

const exposedHeaders = ["X-Total-Count", "Link", API_VERSION_HEADER].join(", ");
const defaultAllowedHeaders = [
  "Accept",
  "Authorization",
  "Content-Type",
  "X-Client-IP",
  "X-Client-Info",
  "X-JWT-AUD",
  "x-use-cookie",
  API_VERSION_HEADER,
  "apikey",
].join(", ");

/** CORS headers for any origin, with credentials, as GoTrue sends them. */
export function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get("origin");
  if (!origin) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Credentials": "true",
    "Access-Control-Expose-Headers": exposedHeaders,
    Vary: "Origin",
  };
}

export function preflightResponse(request: Request): Response {
  const headers: Record<string, string> = {
    ...corsHeaders(request),
    "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
    "Access-Control-Allow-Headers": request.headers.get("access-control-request-headers") || defaultAllowedHeaders,
    "Access-Control-Max-Age": "300",
    [API_VERSION_HEADER]: API_VERSION,
  };
  headers.Vary = "Origin, Access-Control-Request-Headers";
  return new Response(null, { status: 204, headers });
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", [API_VERSION_HEADER]: API_VERSION, ...headers },
  });
}

export function errorResponse(error: AuthServerError): Response {
  return jsonResponse(errorBody(error), error.status, { ...error.headers, "x-sb-error-code": error.code });
}

export function redirectResponse(location: string, status = 303): Response {
  return new Response(null, { status, headers: { Location: location, [API_VERSION_HEADER]: API_VERSION } });
}

export function emptyResponse(status = 204): Response {
  return new Response(null, { status, headers: { [API_VERSION_HEADER]: API_VERSION } });
}

/** The public origin of a request: the forwarded scheme and host of a reverse proxy win. */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  return originFromHeaders(request.headers, url) ?? url.origin;
}

/**
 * Reads the JSON body into a schema. The body is capped while it streams in; a Content-Type
 * other than application/json, a body that is not a JSON object, wrong types or NUL characters
 * are refused with GoTrue's `bad_json` / `validation_failed`.
 */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let value: unknown;
  try {
    value = await readJsonBody(request, { maxBytes: MAX_BODY_BYTES });
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    const problem = error.problem;
    switch (problem.kind) {
      case "too_large":
        throw new AuthServerError(413, "validation_failed", "Request body is too large");
      case "unsupported_media_type":
        throw new AuthServerError(415, "bad_json", "Could not parse request body as JSON: the Content-Type must be application/json");
      case "nul":
        throw validationFailed(`Field "${problem.path}" must not contain NUL characters`);
      case "too_deep":
        throw badJson(`the body is nested too deeply (at most ${problem.maxDepth} levels of arrays and objects)`);
      case "unreadable":
        throw badJson("could not read the request body");
      case "not_json":
        throw badJson(problem.detail);
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badJson("the body must be a JSON object");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "body";
    throw badJson(`field "${field}" has the wrong type (${issue?.message ?? "invalid"})`);
  }
  return parsed.data;
}

/** A body field that is a string when present; JSON null counts as absent, as in Go. */
export const optionalString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

export const optionalObject = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((v) => v ?? undefined);

export const optionalBoolean = z
  .boolean()
  .nullish()
  .transform((v) => v ?? undefined);
