/** Everything a handler needs for one request. */
import type { Db } from "@/db/client";
import type { AuthServerConfig } from "./config";
import type { KeyStore } from "./keys";
import type { MailKind, NoticeKind, OutgoingMail } from "./mail";
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

export type RequestContext = {
  config: AuthServerConfig;
  db: Db;
  request: Request;
  url: URL;
  /** Origin that email links and the token issuer use. */
  site: string;
  /** Client address from proxy headers; null for in-process calls, which IP limits skip. */
  ip: string | null;
  now: Date;
  keys: KeyStore;
  limits: Limiters;
  /** Purges expired tokens and flow states, at most once a minute per server; never throws. */
  purgeExpired: () => Promise<void>;
  /** Mail to hand to SMTP once the database work has committed. */
  outbox: { mail: OutgoingMail; userId: string; type: MailKind | NoticeKind }[];
};
