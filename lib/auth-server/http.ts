/** Request parsing and response building shared by the handlers. */
import { z } from "zod";
import { AuthServerError, badJson, errorBody } from "./errors";
import { originFromHeaders } from "@/lib/http/origin";

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
  return jsonResponse(errorBody(error), error.status, { "x-sb-error-code": error.code });
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
 * The client's address from the proxy headers, or null when the request carries none. The
 * right-most X-Forwarded-For entry is the one the nearest proxy (or Next itself) wrote; entries
 * to its left come from further away and a client can put anything there.
 */
export function clientIp(request: Request): string | null {
  return lastValue(request.headers.get("x-forwarded-for")) || request.headers.get("x-real-ip")?.trim() || null;
}

function lastValue(header: string | null): string | undefined {
  const values = header?.split(",").map((v) => v.trim()).filter((v) => v !== "");
  return values?.[values.length - 1];
}


/** Reads the JSON body into a schema; a body that is not JSON or has wrong types is `bad_json`. */
export async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  let text: string;
  try {
    const buffer = await request.arrayBuffer();
    if (buffer.byteLength > MAX_BODY_BYTES) throw new AuthServerError(413, "validation_failed", "Request body is too large");
    text = new TextDecoder().decode(buffer);
  } catch (error) {
    if (error instanceof AuthServerError) throw error;
    throw badJson("could not read the request body");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badJson(text.trim() === "" ? "unexpected end of JSON input" : (error as Error).message);
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
