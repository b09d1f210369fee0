/** Everything a handler needs for one request. */
import type { Db } from "@/db/client";
import type { AuthServerConfig } from "./config";
import type { EmailRequestGate } from "./email-requests";
import type { KeyStore } from "./keys";
import type { CodeKind, MailKind, OutgoingMail } from "./mail";
import type { RateLimiter } from "./rate-limit";

export type Limiters = {
  /** Server-wide email cap, one bucket ("all"). */
  emailSent: RateLimiter;
  /** Keyed by recipient address. */
  emailPerAddress: RateLimiter;
  /** Keyed by client IP. */
  emailPerIp: RateLimiter;
  signIns: RateLimiter;
  /** Keyed by the email address a failed password sign-in named. */
  failedSignIns: RateLimiter;
  tokenRefresh: RateLimiter;
  verify: RateLimiter;
  otp: RateLimiter;
  mfa: RateLimiter;
  /** Keyed by factor id. */
  mfaFactorFailures: RateLimiter;
  /** Keyed by challenge id. */
  mfaChallengeFailures: RateLimiter;
};

/** Who a request comes from: always an address, never inferred from a missing one. */
export type RequestSource = { ip: string; via: "http" | "in-process" };

export type RequestContext = {
  config: AuthServerConfig;
  db: Db;
  request: Request;
  url: URL;
  /** Origin that email links and the token issuer use. */
  site: string;
  /**
   * The client's address as the app's HTTP server decided it ("unknown" when it could not tell:
   * all such requests share one bucket of every per-IP limit). Calls from the app's own server
   * code carry the address of the browser request they serve.
   */
  ip: string;
  /** How the request arrived: over HTTP, or handed over in-process by the app's server code. */
  via: RequestSource["via"];
  /**
   * The app's own server code acting with the service role (an owner's invitation), handed over
   * in-process by `handleAsServiceRole`: the admin API lets it in without a key. Never set by HTTP.
   */
  serviceRole: boolean;
  now: Date;
  keys: KeyStore;
  limits: Limiters;
  /** Per-address minutes and the answer time of /recover and /resend. */
  emailRequests: EmailRequestGate;
  /** Purges expired tokens and flow states, at most once a minute per server; never throws. */
  purgeExpired: () => Promise<void>;
  /** Mail to hand to SMTP once the database work has committed. */
  outbox: { mail: OutgoingMail; userId: string; type: MailKind | CodeKind }[];
};
