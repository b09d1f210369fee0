/**
 * Typed configuration. Read once per process; no variables set means embedded mode
 * (PGlite under DATA_DIR, the built-in auth server, the in-process worker).
 */
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { isLoopbackHost } from "@/lib/http/loopback";

const boolish = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.url({ message: `${name} must be a URL, for example https://example.com` }).optional())
    .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const positiveInt = (name: string) =>
  z.coerce.number({ message: `${name} must be a number` }).int(`${name} must be a whole number`).positive(`${name} must be positive`);

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: positiveInt("PORT").max(65535, "PORT must be at most 65535").default(3000),
  HOST: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v.startsWith("[") && v.endsWith("]") ? v.slice(1, -1) : v))
    .refine(
      (v) => v === undefined || isIP(v) !== 0 || /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i.test(v),
      "HOST must be an IP address or a host name to listen on, for example 127.0.0.1 (this machine only) or 0.0.0.0 (every network)",
    )
    .optional(),
  DATA_DIR: optionalText,
  TRUSTED_PROXY_HOPS: z.coerce
    .number({ message: "TRUSTED_PROXY_HOPS must be a number" })
    .int("TRUSTED_PROXY_HOPS must be a whole number")
    .min(0, "TRUSTED_PROXY_HOPS must be 0 or more")
    .max(10, "TRUSTED_PROXY_HOPS must be at most 10")
    .default(0),
  SITE_URL: optionalUrl("SITE_URL"),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
        .optional(),
    )
    .optional(),
  DATABASE_POOL_SIZE: positiveInt("DATABASE_POOL_SIZE").default(10),
  NEXT_PUBLIC_SUPABASE_URL: optionalUrl("NEXT_PUBLIC_SUPABASE_URL"),
  NEXT_PUBLIC_SUPABASE_ANON_KEY: optionalText,
  SUPABASE_JWT_SECRET: optionalText,
  SUPABASE_SERVICE_ROLE_KEY: optionalText,
  SMTP_URL: optionalUrl("SMTP_URL"),
  SMTP_FROM: optionalText,
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  PUSH_SERVICE_HOSTS: optionalText,
  PUSH_SERVICE_CA: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalUrl("OPENAI_BASE_URL"),
  OPENAI_TRANSCRIBE_MODEL: z.string().trim().min(1).default("whisper-1"),
  OPENAI_CHAT_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  // Node's timers cannot wait past ~24.8 days (a longer wait fires at once); a day is plenty.
  OPENAI_TIMEOUT_SECONDS: positiveInt("OPENAI_TIMEOUT_SECONDS").max(86_400, "OPENAI_TIMEOUT_SECONDS must be at most 86400 (a day)").default(600),
  OPENAI_MAX_RETRIES: z.coerce
    .number({ message: "OPENAI_MAX_RETRIES must be a number" })
    .int("OPENAI_MAX_RETRIES must be a whole number")
    .min(0, "OPENAI_MAX_RETRIES must be 0 (no retry) or more")
    .max(10, "OPENAI_MAX_RETRIES must be at most 10")
    .default(3),
  UPLOAD_MAX_BYTES: positiveInt("UPLOAD_MAX_BYTES").default(200 * 1024 * 1024),
  VIDEO_UPLOAD_MAX_BYTES: positiveInt("VIDEO_UPLOAD_MAX_BYTES").default(2 * 1024 * 1024 * 1024),
  MAX_MEDIA_SECONDS: positiveInt("MAX_MEDIA_SECONDS").default(7200),
  MAX_LINES_PER_VIDEO: positiveInt("MAX_LINES_PER_VIDEO").default(1500),
  S3_BUCKET: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "S3_BUCKET must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens")
        .optional(),
    )
    .optional(),
  S3_REGION: optionalText,
  S3_ENDPOINT: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.url({ protocol: /^https?$/, message: "S3_ENDPOINT must be an http(s) URL, for example http://minio:9000" }).optional())
    .optional(),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: boolish.optional(),
  RUN_WORKER: boolish.optional(),
  // pg-boss refuses an expiry or a maintenance interval of a day or more.
  JOB_EXPIRE_SECONDS: positiveInt("JOB_EXPIRE_SECONDS").max(86_399, "JOB_EXPIRE_SECONDS must be under a day (86400)").default(3600),
  // pg-boss keeps it as a 32-bit integer; a longer wait (doubled twice) would be days.
  JOB_RETRY_DELAY_SECONDS: positiveInt("JOB_RETRY_DELAY_SECONDS").max(86_399, "JOB_RETRY_DELAY_SECONDS must be under a day (86400)").default(30),
  JOB_MAINTENANCE_INTERVAL_SECONDS: positiveInt("JOB_MAINTENANCE_INTERVAL_SECONDS")
    .max(86_399, "JOB_MAINTENANCE_INTERVAL_SECONDS must be under a day (86400)")
    .default(120),
  // Seconds, fractions allowed; pg-boss polls at most every half second. The default depends on the database (lib/jobs/wake.ts).
  JOB_POLL_SECONDS: z.coerce
    .number({ message: "JOB_POLL_SECONDS must be a number" })
    .min(0.5, "JOB_POLL_SECONDS must be at least 0.5")
    .max(3600, "JOB_POLL_SECONDS must be at most 3600 (an hour)")
    .optional(),
  JOB_BUSY_WAIT_SECONDS: z.coerce
    .number({ message: "JOB_BUSY_WAIT_SECONDS must be a number" })
    .positive("JOB_BUSY_WAIT_SECONDS must be positive")
    .max(30, "JOB_BUSY_WAIT_SECONDS must be at most 30")
    .default(1),
  REPROCESS_LIMIT_PER_HOUR: z.coerce
    .number({ message: "REPROCESS_LIMIT_PER_HOUR must be a number" })
    .int("REPROCESS_LIMIT_PER_HOUR must be a whole number")
    .min(0, "REPROCESS_LIMIT_PER_HOUR must be 0 (no limit) or more")
    .default(30),
  WORD_LOOKUP_AI_PER_HOUR: z.coerce
    .number({ message: "WORD_LOOKUP_AI_PER_HOUR must be a number" })
    .int("WORD_LOOKUP_AI_PER_HOUR must be a whole number")
    .min(0, "WORD_LOOKUP_AI_PER_HOUR must be 0 (no limit) or more")
    .default(60),
  WORD_LOOKUP_AI_SERVER_PER_HOUR: z.coerce
    .number({ message: "WORD_LOOKUP_AI_SERVER_PER_HOUR must be a number" })
    .int("WORD_LOOKUP_AI_SERVER_PER_HOUR must be a whole number")
    .min(0, "WORD_LOOKUP_AI_SERVER_PER_HOUR must be 0 (no limit) or more")
    .default(600),
  WORD_LOOKUP_AI_SERVER_PER_DAY: z.coerce
    .number({ message: "WORD_LOOKUP_AI_SERVER_PER_DAY must be a number" })
    .int("WORD_LOOKUP_AI_SERVER_PER_DAY must be a whole number")
    .min(0, "WORD_LOOKUP_AI_SERVER_PER_DAY must be 0 (no limit) or more")
    .default(3000),
  SEED_DEMO: boolish.optional(),
  REMINDERS_DISABLED: boolish.optional(),
  AUTH_DEV_MAILBOX: boolish.optional(),
  AUTH_AUTOCONFIRM: boolish.optional(),
  AUTH_DISABLE_SIGNUP: boolish.optional(),
  YOUTUBE_EMBED_ORIGIN: optionalUrl("YOUTUBE_EMBED_ORIGIN"),
  YOUTUBE_OEMBED_URL: optionalUrl("YOUTUBE_OEMBED_URL"),
});

export type AppEnv = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  /** Where `npm start` listens: 127.0.0.1 unless HOST says otherwise. */
  host: string;
  /**
   * True when HOST keeps the server on this machine (127.0.0.0/8, ::1, localhost) and no reverse
   * proxy is configured in front of it: only then are the demo accounts, whose passwords the
   * README prints, seeded.
   */
  loopbackOnly: boolean;
  /** Reverse proxies in front of the app whose X-Forwarded-* headers are believed (0: none). */
  trustedProxyHops: number;
  dataDir: string;
  siteUrl: string | undefined;
  database: { kind: "pglite"; dir: string } | { kind: "postgres"; url: string; poolSize: number };
  auth:
    | {
        kind: "embedded";
        anonKey: string;
        /**
         * Server-only: the key of the embedded auth server's admin API (/auth/v1/admin) when set;
         * unset, the server makes one (`npm run auth:service-key` prints a new one).
         */
        serviceRoleKey: string | undefined;
      }
    | {
        kind: "supabase";
        url: string;
        anonKey: string;
        jwtSecret: string | undefined;
        /** Server-only: lets an owner delete accounts through the auth server's admin API. */
        serviceRoleKey: string | undefined;
      };
  smtp: { url: string; from: string } | undefined;
  /**
   * Web Push for reminders: the VAPID key pair when given (else one is made and kept in the
   * database), the contact push services see, and push service hosts allowed beyond the known ones.
   */
  push: { keys: { publicKey: string; privateKey: string } | undefined; subject: string | undefined; extraHosts: string[]; caFile: string | undefined };
  openai:
    | {
        apiKey: string;
        baseUrl: string | undefined;
        transcribeModel: string;
        chatModel: string;
        /** How long one try of one API call (transcription or chat) may wait for its answer, in seconds. */
        timeoutSeconds: number;
        /** Tries of one API call after its first (timeouts, 408, 429, 5xx), with the SDK's backoff. */
        maxRetries: number;
      }
    | undefined;
  uploadMaxBytes: number;
  /** Largest video upload, in bytes. */
  videoUploadMaxBytes: number;
  /** Longest audio a video may have (uploads refused, decoding cut there), in seconds. */
  maxMediaSeconds: number;
  /** Most caption lines a video may have (subtitle files refused, transcriptions failed past it) before any AI call. */
  maxLinesPerVideo: number;
  /** Where uploaded files live: a directory under DATA_DIR, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Run the job worker inside the web server process. */
  runWorker: boolean;
  jobs: {
    /** How long one run of a job may take; then it is stopped (its child processes too) and retried. */
    expireSeconds: number;
    /** The first retry's delay; each further one doubles it. */
    retryDelaySeconds: number;
    /** How often a worker looks for jobs whose worker died (past their expiry) to retry them. */
    maintenanceIntervalSeconds: number;
    /** How often a worker looks for due jobs (a retry, one put back to wait, one sent by another process). */
    pollSeconds: number;
    /** The first wait of a job that found its video busy; each further wait doubles it, up to 30 s. */
    busyWaitSeconds: number;
    /**
     * Re-processing work (retry, vocabulary, translations, quizzes) each admin or owner may start
     * per hour; 0: no limit.
     */
    reprocessLimitPerHour: number;
  };
  /**
   * Word meanings each learner may have the AI look up per hour (answers already cached are
   * free); 0: no limit.
   */
  wordLookupAiPerHour: number;
  /**
   * AI word lookups all learners together may start per hour and per day, whatever their number
   * of accounts: the operator's spend has a ceiling; 0: no limit.
   */
  wordLookupAiServer: { perHour: number; perDay: number };
  /** Seed demo content (and, in embedded mode, demo accounts) into an empty database. */
  seedDemo: boolean;
  /** Whether this process's workers run the minute-by-minute reminder pass (lib/reminders). */
  reminders: boolean;
  /** True when nothing external is configured: the whole product runs in one process. */
  embedded: boolean;
  /**
   * The dev mailbox (/dev/mailbox, /api/dev/mailbox) shows the emails the built-in auth server
   * sent, reset links included: on by default only for a fully embedded install without SMTP,
   * where it is the only way to read them, and even then only to clients on this machine and to
   * signed-in owners (see lib/auth/dev-mailbox-access.ts).
   */
  devMailbox: boolean;
  /**
   * The embedded auth server confirms sign-ups at once and signs the new user in (GoTrue's
   * MAILER_AUTOCONFIRM), for a reachable install that has no SMTP server.
   */
  /**
   * Sign-ups are off (AUTH_DISABLE_SIGNUP): the embedded auth server refuses them as GoTrue's
   * DISABLE_SIGNUP does, and the sign-up screens say the install is invitation-only. With hosted
   * Supabase, turn sign-ups off in its dashboard too.
   */
  signupDisabled: boolean;
  authAutoconfirm: boolean;
  /** Where YouTube videos are embedded from; the player accepts messages from this origin only. */
  youtubeEmbedOrigin: string;
  /** Where a video's title is looked up when an admin adds one without a title. */
  youtubeOembedUrl: string;
};

export type S3Config = {
  kind: "s3";
  bucket: string;
  region: string;
  /** A non-AWS service (MinIO, Cloudflare R2, ...); undefined: AWS itself. */
  endpoint: string | undefined;
  /** Undefined: the SDK's own chain (instance role, AWS_* variables, shared config). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
};

export type StorageConfig = { kind: "local"; dir: string } | S3Config;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** The anon key the embedded auth server hands to supabase-js; any non-empty string works. */
export const EMBEDDED_ANON_KEY = "embedded-anon-key";

export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const parsed = rawEnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join(".");
        return issue.message.startsWith(key) ? issue.message : `${key}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];

  const requirePair = (a: keyof typeof e, b: keyof typeof e) => {
    if (e[a] !== undefined && e[b] === undefined) problems.push(`${b} is required when ${a} is set`);
    if (e[b] !== undefined && e[a] === undefined) problems.push(`${a} is required when ${b} is set`);
  };
  requirePair("NEXT_PUBLIC_SUPABASE_URL", "NEXT_PUBLIC_SUPABASE_ANON_KEY");
  requirePair("VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY");
  if (e.VAPID_SUBJECT && !/^(mailto:|https:\/\/)/.test(e.VAPID_SUBJECT)) {
    problems.push("VAPID_SUBJECT must be a mailto: or https: address push services can reach you at");
  }
  if (e.OPENAI_BASE_URL !== undefined && e.OPENAI_API_KEY === undefined) {
    problems.push("OPENAI_API_KEY is required when OPENAI_BASE_URL is set");
  }
  if (e.SMTP_FROM !== undefined && e.SMTP_URL === undefined) {
    problems.push("SMTP_URL is required when SMTP_FROM is set");
  }
  if (e.SMTP_URL && !e.SITE_URL) {
    // Links in real emails must not be built from a Host header a client can choose.
    problems.push("SITE_URL is required when SMTP_URL is set (the public address used in email links)");
  }
  for (const name of ["S3_REGION", "S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const) {
    if (e[name] !== undefined && e.S3_BUCKET === undefined) problems.push(`S3_BUCKET is required when ${name} is set`);
  }
  requirePair("S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY");
  if (e.S3_BUCKET !== undefined && e.S3_REGION === undefined && e.S3_ENDPOINT === undefined) {
    problems.push("S3_REGION is required when S3_BUCKET is set (or set S3_ENDPOINT for an S3-compatible service)");
  }
  if (e.AUTH_AUTOCONFIRM && e.NEXT_PUBLIC_SUPABASE_URL) {
    problems.push("AUTH_AUTOCONFIRM is for the embedded auth server; with hosted Supabase, turn off \"Confirm email\" in its dashboard (unset AUTH_AUTOCONFIRM)");
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const host = e.HOST ?? "127.0.0.1";
  const dataDir = path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR ?? ".data");
  const embeddedDb = e.DATABASE_URL === undefined;
  const embeddedAuth = e.NEXT_PUBLIC_SUPABASE_URL === undefined;

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host,
    // A trusted proxy in front means other machines reach the app through it.
    loopbackOnly: isLoopbackHost(host) && e.TRUSTED_PROXY_HOPS === 0,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    dataDir,
    siteUrl: e.SITE_URL?.replace(/\/+$/, ""),
    database: embeddedDb
      ? { kind: "pglite", dir: path.join(dataDir, "pglite") }
      : { kind: "postgres", url: e.DATABASE_URL!, poolSize: e.DATABASE_POOL_SIZE },
    auth: embeddedAuth
      ? { kind: "embedded", anonKey: EMBEDDED_ANON_KEY, serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY }
      : {
          kind: "supabase",
          url: e.NEXT_PUBLIC_SUPABASE_URL!.replace(/\/+$/, ""),
          anonKey: e.NEXT_PUBLIC_SUPABASE_ANON_KEY!,
          jwtSecret: e.SUPABASE_JWT_SECRET,
          serviceRoleKey: e.SUPABASE_SERVICE_ROLE_KEY,
        },
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? "LingoReel <no-reply@localhost>" } : undefined,
    push: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT,
      extraHosts: (e.PUSH_SERVICE_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean),
      caFile: e.PUSH_SERVICE_CA,
    },
    openai: e.OPENAI_API_KEY
      ? {
          apiKey: e.OPENAI_API_KEY,
          baseUrl: e.OPENAI_BASE_URL,
          transcribeModel: e.OPENAI_TRANSCRIBE_MODEL,
          chatModel: e.OPENAI_CHAT_MODEL,
          timeoutSeconds: e.OPENAI_TIMEOUT_SECONDS,
          maxRetries: e.OPENAI_MAX_RETRIES,
        }
      : undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    videoUploadMaxBytes: e.VIDEO_UPLOAD_MAX_BYTES,
    maxMediaSeconds: e.MAX_MEDIA_SECONDS,
    maxLinesPerVideo: e.MAX_LINES_PER_VIDEO,
    storage: e.S3_BUCKET
      ? {
          kind: "s3",
          bucket: e.S3_BUCKET,
          // S3-compatible services ignore the region or accept AWS's default one.
          region: e.S3_REGION ?? "us-east-1",
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          // Self-hosted services (MinIO) rarely have a DNS name per bucket; AWS prefers the bucket in the host.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
        }
      : { kind: "local", dir: path.join(dataDir, "uploads") },
    runWorker: e.RUN_WORKER ?? embeddedDb,
    jobs: {
      expireSeconds: e.JOB_EXPIRE_SECONDS,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
      maintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
      pollSeconds: e.JOB_POLL_SECONDS ?? (embeddedDb ? 10 : 1),
      busyWaitSeconds: e.JOB_BUSY_WAIT_SECONDS,
      reprocessLimitPerHour: e.REPROCESS_LIMIT_PER_HOUR,
    },
    wordLookupAiPerHour: e.WORD_LOOKUP_AI_PER_HOUR,
    wordLookupAiServer: { perHour: e.WORD_LOOKUP_AI_SERVER_PER_HOUR, perDay: e.WORD_LOOKUP_AI_SERVER_PER_DAY },
    seedDemo: e.SEED_DEMO ?? embeddedDb,
    reminders: !e.REMINDERS_DISABLED,
    embedded: embeddedDb && embeddedAuth,
    devMailbox: embeddedAuth && (e.AUTH_DEV_MAILBOX ?? (embeddedDb && !e.SMTP_URL)),
    authAutoconfirm: embeddedAuth && (e.AUTH_AUTOCONFIRM ?? false),
    signupDisabled: e.AUTH_DISABLE_SIGNUP ?? false,
    youtubeEmbedOrigin: new URL(e.YOUTUBE_EMBED_ORIGIN ?? "https://www.youtube-nocookie.com").origin,
    youtubeOembedUrl: e.YOUTUBE_OEMBED_URL ?? "https://www.youtube.com/oembed",
  };
}

const cacheKey = Symbol.for("lingoreel.env");
type GlobalWithEnv = typeof globalThis & { [cacheKey]?: AppEnv };

/** The process's configuration, validated on first use. Throws ConfigError on bad input. */
export function env(): AppEnv {
  const g = globalThis as GlobalWithEnv;
  return (g[cacheKey] ??= parseEnv(process.env));
}
