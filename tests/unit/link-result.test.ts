/** Reading what an email link brought back: errors, tokens, or the first email-change confirmation. */
import { describe, expect, it } from "vitest";
import { readLinkResult } from "@/components/auth/link-result";

describe("readLinkResult", () => {
  it("reads an error from the fragment or, for PKCE links, the query", () => {
    const expired = readLinkResult({ hash: "#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid", search: "" });
    expect(expired.error).toEqual({ code: "otp_expired", description: "Email link is invalid" });
    const query = readLinkResult({ hash: "", search: "?error=server_error&error_description=Something%2520broke" });
    // Descriptions can arrive encoded twice.
    expect(query.error).toEqual({ code: "server_error", description: "Something broke" });
    // A description that does not decode again is shown as it is.
    expect(readLinkResult({ hash: "#error_description=100%25+sure", search: "?error=x" }).error?.description).toBe("100% sure");
  });

  it("reads implicit-flow tokens only when both are there", () => {
    expect(readLinkResult({ hash: "#access_token=a.b.c&refresh_token=r1&type=signup", search: "" }).tokens).toEqual({
      accessToken: "a.b.c",
      refreshToken: "r1",
    });
    expect(readLinkResult({ hash: "#access_token=a.b.c", search: "" }).tokens).toBeNull();
    expect(readLinkResult({ hash: "", search: "?code=abc" })).toEqual({ error: null, tokens: null, message: null, code: "abc" });
  });

  it("reads the message of a first email-change confirmation", () => {
    const result = readLinkResult({
      hash: "#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=",
      search: "",
    });
    expect(result).toEqual({
      error: null,
      tokens: null,
      message: "Confirmation link accepted. Please proceed to confirm link sent to the other email",
      code: null,
    });
  });
});

describe("readLinkResult: PKCE code", () => {
  it("reads the code a followed PKCE link came back with, from the query only", () => {
    expect(readLinkResult({ hash: "", search: "?code=abc123" }).code).toBe("abc123");
    expect(readLinkResult({ hash: "#code=abc123", search: "" }).code).toBeNull();
    expect(readLinkResult({ hash: "", search: "" }).code).toBeNull();
  });
});
