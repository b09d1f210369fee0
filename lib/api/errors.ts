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
  console.error("[api] unexpected error", error);
  return Response.json({ error: "internal", message: "Something went wrong. Please try again." }, { status: 500 });
}
