/**
 * An API error in the reader's language: English readers get the API's own message; others get a
 * known message translated, else what the error's kind means, else the screen's fallback, and a
 * lost connection said in their words. An auth server's error likewise, by its code.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/data/api";
import { useErrorText } from "@/lib/data/use-error-text";
import { authErrorText } from "@/lib/i18n/auth-errors";
import type { Locale } from "@/lib/i18n/locales";
import { catalogue, WithIntl } from "../helpers/intl";

function Said({ error }: { error: unknown }) {
  return <>{useErrorText()(error, "FALLBACK")}</>;
}
const said = (locale: Locale, error: unknown) =>
  renderToStaticMarkup(
    <WithIntl locale={locale}>
      <Said error={error} />
    </WithIntl>,
  );
const api = (status: number, code: string, message: string) => new ApiRequestError(status, JSON.stringify({ error: code, message }));
const de = catalogue("de") as { apiErrors: Record<string, string>; validation: Record<string, string> };

describe("an API error, as a reader is told it", () => {
  it("is the API's own message for an English reader, and the fallback when there is none", () => {
    expect(said("en", api(400, "bad_request", "Current password is incorrect"))).toBe("Current password is incorrect");
    expect(said("en", api(400, "bad_request", "Some detail only the API knows"))).toBe("Some detail only the API knows");
    expect(said("en", new ApiRequestError(502, "<html>Bad gateway</html>"))).toBe("FALLBACK");
  });

  it("is a known message in the reader's language, the rule messages the forms share included", () => {
    expect(said("de", api(400, "bad_request", "Current password is incorrect"))).toBe(de.apiErrors.currentPasswordIncorrect);
    expect(said("de", api(404, "not_found", "Video not found"))).toBe(de.apiErrors.videoNotFound);
    expect(said("de", api(400, "bad_request", "Target language must be different from your native language"))).toBe(de.validation.targetDiffers);
  });

  it("says what the error's kind means when the message is not known, else the screen's own fallback", () => {
    expect(said("de", api(429, "rate_limited", "Too many lookups; try again in 42 s"))).toBe(de.apiErrors.rateLimited);
    expect(said("de", api(503, "unavailable", "The database is not answering"))).toBe(de.apiErrors.unavailable);
    expect(said("de", api(400, "bad_request", "Some detail only the API knows"))).toBe("FALLBACK");
  });

  it("says a lost connection in the reader's words, not the browser's", () => {
    expect(said("de", new TypeError("Failed to fetch"))).toBe(de.apiErrors.network);
    expect(said("en", new TypeError("Failed to fetch"))).toBe("Can&#x27;t reach the server. Check your connection and try again.");
  });
});

describe("an auth server's error, as a reader is told it", () => {
  const t = (locale: Locale) => {
    const words = (catalogue(locale) as { authErrors: Record<string, string> }).authErrors;
    return Object.assign((key: string) => words[key]!, { has: (key: string) => key in words });
  };
  // What supabase-js returns when fetch() itself fails: an AuthRetryableFetchError with status 0.
  const offline = Object.assign(new Error("Failed to fetch"), { name: "AuthRetryableFetchError", status: 0 });

  it("says a lost connection in the reader's words, in English too", () => {
    expect(authErrorText(t("en"), offline, "FALLBACK")).toBe("Can't reach the server. Check your connection and try again.");
    expect(authErrorText(t("de"), offline, "FALLBACK")).toBe(de.apiErrors.network);
  });

  it("translates a known code, keeps the server's message otherwise, and a gateway's retryable error is not a lost connection", () => {
    expect(authErrorText(t("de"), { code: "invalid_credentials", message: "Invalid login credentials" }, "F")).toBe(
      (catalogue("de") as { authErrors: Record<string, string> }).authErrors.invalid_credentials,
    );
    expect(authErrorText(t("de"), { code: "network", message: "Raw" }, "F")).toBe("Raw");
    const gateway = Object.assign(new Error("Bad Gateway"), { name: "AuthRetryableFetchError", status: 502 });
    expect(authErrorText(t("en"), gateway, "F")).toBe("Bad Gateway");
    expect(authErrorText(t("en"), null, "F")).toBe("F");
  });
});
