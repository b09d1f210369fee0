/**
 * Errors of the embedded auth server, shaped like GoTrue's: an HTTP status, a machine-readable
 * code from GoTrue's catalogue and a message. The JSON body carries both the 2024-01-01 shape
 * (`code`, `message`) and the legacy one (`error_code`, `msg`), so any supabase-js reads it.
 */
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from "@/lib/api/errors";

export class AuthServerError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    /** Extra top-level fields of the JSON body, e.g. `weak_password`. */
    public readonly extra?: Record<string, unknown>,
    /** Response headers the answer carries (Retry-After on a 503). */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AuthServerError";
  }
}

export const badJson = (detail: string) =>
  new AuthServerError(400, "bad_json", `Could not parse request body as JSON: ${detail}`);
export const validationFailed = (message: string) => new AuthServerError(400, "validation_failed", message);
export const notFound = (code = "not_found", message = "Not found") => new AuthServerError(404, code, message);
export const unexpectedFailure = (message = "Unexpected failure, please check server logs for more information") =>
  new AuthServerError(500, "unexpected_failure", message);

/**
 * The database cannot be reached (a restart, a failover): 503 with a Retry-After, so no client
 * takes it for a wrong password or an ended session. GoTrue itself answers 500 there; its
 * catalogue has no code of its own for it, so the code is its generic `unexpected_failure`.
 */
export const databaseUnavailable = () =>
  new AuthServerError(503, "unexpected_failure", DATABASE_UNAVAILABLE_MESSAGE, undefined, {
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  });

export const invalidCredentials = () => new AuthServerError(400, "invalid_credentials", "Invalid login credentials");
export const emailNotConfirmed = () => new AuthServerError(400, "email_not_confirmed", "Email not confirmed");
export const emailExists = () =>
  new AuthServerError(422, "email_exists", "A user with this email address has already been registered");
export const otpExpired = (message = "Email link is invalid or has expired") =>
  new AuthServerError(403, "otp_expired", message);

export const overRequestRateLimit = () =>
  new AuthServerError(429, "over_request_rate_limit", "Request rate limit reached");
export const overEmailSendRateLimit = (message = "Email rate limit exceeded") =>
  new AuthServerError(429, "over_email_send_rate_limit", message);

/** GoTrue's per-address email frequency message. */
export function emailFrequencyError(sentAt: Date, maxFrequencySeconds: number, now: Date): AuthServerError {
  const left = Math.max(1, Math.floor((sentAt.getTime() + maxFrequencySeconds * 1000 - now.getTime()) / 1000));
  return overEmailSendRateLimit(`For security purposes, you can only request this after ${left} seconds.`);
}

/** OAuth-style `error` values GoTrue puts in error redirects, by HTTP status. */
export const oauthErrorByStatus: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};

export function errorBody(error: AuthServerError): Record<string, unknown> {
  return {
    code: error.code,
    message: error.message,
    error_code: error.code,
    msg: error.message,
    ...error.extra,
  };
}
