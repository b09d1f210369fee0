/**
 * One error type for the product API: a code that maps to an HTTP status and a message
 * meant for the user. Anything else that escapes a handler becomes a generic 500.
 */
import { z } from "zod";

export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  /** Signed in with a password only, by a user who has a second factor: the client asks for the code. */
  mfa_required: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class ApiError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: unknown,
    /** Response headers the answer carries (Retry-After on a 429). */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const badRequest = (message: string, details?: unknown) => new ApiError("bad_request", message, details);
export const unauthorized = (message = "Authentication required") => new ApiError("unauthorized", message);
export const forbidden = (message = "You do not have permission to do this") => new ApiError("forbidden", message);
export const notFound = (message = "Not found") => new ApiError("not_found", message);
export const conflict = (message: string) => new ApiError("conflict", message);
export const payloadTooLarge = (message: string) => new ApiError("payload_too_large", message);
export const unsupportedMediaType = (message: string) => new ApiError("unsupported_media_type", message);
/** 429, saying in Retry-After how many seconds to wait. */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new ApiError("rate_limited", message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** The first message of a zod error, prefixed with the field it concerns. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const field = issue.path.join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Node's socket errors and postgres-js's own codes for a connection that failed, closed or timed out. */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

/**
 * Whether an error means the database cannot be reached right now (a restart, a failover, a
 * dropped connection) rather than that the request or the code was wrong: Postgres's class 08
 * (connection exception), 57P01-57P03 (shutting down, crashed, starting up) and 53300 (too many
 * connections), or a socket error. Drivers and Drizzle wrap them, so causes are followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_ERROR_CODES.has(code) || /^08|^57P0[123]$|^53300$/.test(code))) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable; try again shortly";
/** The Retry-After (seconds) of a 503 for an unreachable database, from the API and the embedded auth server alike. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function toErrorResponse(error: unknown): Response {
  if (error instanceof ApiError) {
    return Response.json(
      { error: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
      { status: error.status, headers: error.headers },
    );
  }
  if (error instanceof z.ZodError) {
    return Response.json(
      { error: "bad_request", message: zodMessage(error), details: z.flattenError(error) },
      { status: 400 },
    );
  }
  if (isDatabaseUnavailable(error)) {
    console.error("[api] database unavailable", error instanceof Error ? error.message : error);
    return Response.json({ error: "unavailable", message: DATABASE_UNAVAILABLE_MESSAGE }, { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } });
  }
  console.error("[api] unexpected error", error);
  return Response.json({ error: "internal", message: "Something went wrong. Please try again." }, { status: 500 });
}
