import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "@/lib/env";

function problems(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration", () => {
  it("runs everything embedded when nothing is set", () => {
    const config = parseEnv({});
    expect(config.embedded).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve(".data"));
    expect(config.database).toEqual({ kind: "pglite", dir: path.resolve(".data", "pglite") });
    expect(config.auth.kind).toBe("embedded");
    expect(config.runWorker).toBe(true);
    expect(config.seedDemo).toBe(true);
    expect(config.openai).toBeUndefined();
  });

  it("switches to production parts one by one", () => {
    const config = parseEnv({
      DATABASE_URL: "postgres://u@db:5432/app",
      NEXT_PUBLIC_SUPABASE_URL: "https://abc.supabase.co/",
      NEXT_PUBLIC_SUPABASE_ANON_KEY: "key",
      OPENAI_API_KEY: "sk-test",
      PORT: "8080",
      DATA_DIR: "/var/lib/lingoreel",
    });
    expect(config.embedded).toBe(false);
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@db:5432/app", poolSize: 10 });
    expect(config.auth).toMatchObject({ kind: "supabase", url: "https://abc.supabase.co", anonKey: "key" });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe("/var/lib/lingoreel");
    expect(config.runWorker).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.openai?.apiKey).toBe("sk-test");
  });

  it("names the missing half of a pair", () => {
    expect(problems({ NEXT_PUBLIC_SUPABASE_URL: "https://abc.supabase.co" })).toEqual([
      "NEXT_PUBLIC_SUPABASE_ANON_KEY is required when NEXT_PUBLIC_SUPABASE_URL is set",
    ]);
    expect(problems({ NEXT_PUBLIC_SUPABASE_ANON_KEY: "k" })).toEqual([
      "NEXT_PUBLIC_SUPABASE_URL is required when NEXT_PUBLIC_SUPABASE_ANON_KEY is set",
    ]);
    expect(problems({ OPENAI_BASE_URL: "http://localhost:9000/v1" })).toEqual([
      "OPENAI_API_KEY is required when OPENAI_BASE_URL is set",
    ]);
  });

  it("takes the service-role key: hosted Supabase's, or the embedded auth server's admin API key", () => {
    const hosted = { NEXT_PUBLIC_SUPABASE_URL: "https://abc.supabase.co", NEXT_PUBLIC_SUPABASE_ANON_KEY: "k" };
    expect(parseEnv({ ...hosted, SUPABASE_SERVICE_ROLE_KEY: " service " }).auth).toMatchObject({ kind: "supabase", serviceRoleKey: "service" });
    expect(parseEnv(hosted).auth).toMatchObject({ kind: "supabase", serviceRoleKey: undefined });
    expect(problems({ SUPABASE_SERVICE_ROLE_KEY: "service" })).toEqual([]);
    expect(parseEnv({ SUPABASE_SERVICE_ROLE_KEY: "service" }).auth).toMatchObject({ kind: "embedded", serviceRoleKey: "service" });
  });

  it("rejects malformed values with the variable's name", () => {
    expect(problems({ PORT: "eighty" })[0]).toMatch(/^PORT/);
    expect(problems({ DATABASE_URL: "mysql://x" })[0]).toMatch(/^DATABASE_URL must start with postgres/);
    expect(problems({ NEXT_PUBLIC_SUPABASE_URL: "not a url", NEXT_PUBLIC_SUPABASE_ANON_KEY: "k" })[0]).toMatch(
      /^NEXT_PUBLIC_SUPABASE_URL/,
    );
  });

  it("requires a public address for real emails", () => {
    expect(problems({ SMTP_URL: "smtp://mail.example.com:25" })).toEqual([
      "SITE_URL is required when SMTP_URL is set (the public address used in email links)",
    ]);
  });

  it("takes SMTP with hosted Supabase too (for reminders), and runs the reminder pass unless told not to", () => {
    const hosted = { NEXT_PUBLIC_SUPABASE_URL: "https://a.supabase.co", NEXT_PUBLIC_SUPABASE_ANON_KEY: "k", SITE_URL: "https://lingo.example" };
    expect(parseEnv({ ...hosted, SMTP_URL: "smtp://m:25" }).smtp).toEqual({ url: "smtp://m:25", from: "LingoReel <no-reply@localhost>" });
    expect(parseEnv({}).reminders).toBe(true);
    expect(parseEnv({ REMINDERS_DISABLED: "1" }).reminders).toBe(false);
  });

  it("opens the dev mailbox only on a self-contained install without SMTP, unless told", () => {
    expect(parseEnv({}).devMailbox).toBe(true);
    expect(parseEnv({ DATABASE_URL: "postgres://x/y" }).devMailbox).toBe(false);
    expect(parseEnv({ SMTP_URL: "smtp://m:25", SITE_URL: "https://lingo.example" }).devMailbox).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://x/y", AUTH_DEV_MAILBOX: "1" }).devMailbox).toBe(true);
    expect(parseEnv({ AUTH_DEV_MAILBOX: "0" }).devMailbox).toBe(false);
    expect(
      parseEnv({ NEXT_PUBLIC_SUPABASE_URL: "https://a.supabase.co", NEXT_PUBLIC_SUPABASE_ANON_KEY: "k", AUTH_DEV_MAILBOX: "1" })
        .devMailbox,
    ).toBe(false);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", NEXT_PUBLIC_SUPABASE_URL: "", NEXT_PUBLIC_SUPABASE_ANON_KEY: "" }).embedded).toBe(true);
  });
  it("keeps uploads under DATA_DIR unless an S3 bucket is configured", () => {
    expect(parseEnv({ DATA_DIR: "/srv/lr" }).storage).toEqual({ kind: "local", dir: "/srv/lr/uploads" });
    expect(parseEnv({ S3_BUCKET: "lingo-media", S3_REGION: "eu-west-1" }).storage).toEqual({
      kind: "s3",
      bucket: "lingo-media",
      region: "eu-west-1",
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      parseEnv({ S3_BUCKET: "media", S3_ENDPOINT: "http://minio:9000/", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" }).storage,
    ).toEqual({
      kind: "s3",
      bucket: "media",
      region: "us-east-1",
      endpoint: "http://minio:9000",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
    expect(parseEnv({ S3_BUCKET: "media", S3_ENDPOINT: "https://x.r2.example.com", S3_FORCE_PATH_STYLE: "false" }).storage).toMatchObject({
      forcePathStyle: false,
    });
  });

  it("names what a half-set S3 configuration lacks", () => {
    expect(problems({ S3_ENDPOINT: "http://minio:9000" })).toEqual(["S3_BUCKET is required when S3_ENDPOINT is set"]);
    expect(problems({ S3_BUCKET: "media", S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "id" })).toEqual([
      "S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set",
    ]);
    expect(problems({ S3_BUCKET: "media" })).toEqual([
      "S3_REGION is required when S3_BUCKET is set (or set S3_ENDPOINT for an S3-compatible service)",
    ]);
    expect(problems({ S3_BUCKET: "Not A Bucket", S3_REGION: "x" })[0]).toMatch(/^S3_BUCKET must be a bucket name/);
    expect(problems({ S3_BUCKET: "media", S3_ENDPOINT: "minio:9000" })[0]).toMatch(/^S3_ENDPOINT must be an http\(s\) URL/);
    expect(problems({ S3_BUCKET: "media", S3_REGION: "x", S3_FORCE_PATH_STYLE: "maybe" })[0]).toMatch(/^S3_FORCE_PATH_STYLE/);
  });

  it("bounds the processing jobs: an hour each, retried after 30 s, dead workers' jobs looked for every 2 min, other processes' every second", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://db.example/app" }).jobs).toEqual({
      expireSeconds: 3600,
      retryDelaySeconds: 30,
      maintenanceIntervalSeconds: 120,
      pollSeconds: 1,
      busyWaitSeconds: 1,
      reprocessLimitPerHour: 30,
    });
    // With the embedded database no other process queues jobs: the poll is a safety net.
    expect(parseEnv({}).jobs.pollSeconds).toBe(10);
    expect(
      parseEnv({
        JOB_EXPIRE_SECONDS: "7200",
        JOB_RETRY_DELAY_SECONDS: "5",
        JOB_MAINTENANCE_INTERVAL_SECONDS: "30",
        JOB_POLL_SECONDS: "0.5",
        JOB_BUSY_WAIT_SECONDS: "0.25",
      }).jobs,
    ).toEqual({
      expireSeconds: 7200,
      retryDelaySeconds: 5,
      maintenanceIntervalSeconds: 30,
      pollSeconds: 0.5,
      busyWaitSeconds: 0.25,
      reprocessLimitPerHour: 30,
    });
    expect(problems({ JOB_EXPIRE_SECONDS: "86400" })).toEqual(["JOB_EXPIRE_SECONDS must be under a day (86400)"]);
    expect(problems({ JOB_MAINTENANCE_INTERVAL_SECONDS: "0" })).toEqual(["JOB_MAINTENANCE_INTERVAL_SECONDS must be positive"]);
    expect(problems({ JOB_RETRY_DELAY_SECONDS: "soon" })).toEqual(["JOB_RETRY_DELAY_SECONDS must be a number"]);
    // A wait pg-boss cannot store (a 32-bit integer column), or one that would run into days.
    expect(problems({ JOB_RETRY_DELAY_SECONDS: "3000000000" })).toEqual(["JOB_RETRY_DELAY_SECONDS must be under a day (86400)"]);
    expect(parseEnv({ JOB_RETRY_DELAY_SECONDS: "86399" }).jobs.retryDelaySeconds).toBe(86_399);
    // pg-boss polls at most every half second.
    expect(problems({ JOB_POLL_SECONDS: "0.1" })).toEqual(["JOB_POLL_SECONDS must be at least 0.5"]);
    expect(problems({ JOB_BUSY_WAIT_SECONDS: "0" })).toEqual(["JOB_BUSY_WAIT_SECONDS must be positive"]);
    expect(problems({ JOB_BUSY_WAIT_SECONDS: "60" })).toEqual(["JOB_BUSY_WAIT_SECONDS must be at most 30"]);
  });

  it("bounds each video: 2 hours of audio and 1,500 lines unless told otherwise", () => {
    expect(parseEnv({})).toMatchObject({ maxMediaSeconds: 7200, maxLinesPerVideo: 1500 });
    expect(parseEnv({ MAX_MEDIA_SECONDS: "600", MAX_LINES_PER_VIDEO: "200" })).toMatchObject({ maxMediaSeconds: 600, maxLinesPerVideo: 200 });
    expect(problems({ MAX_MEDIA_SECONDS: "2h" })).toEqual(["MAX_MEDIA_SECONDS must be a number"]);
    expect(problems({ MAX_LINES_PER_VIDEO: "0" })).toEqual(["MAX_LINES_PER_VIDEO must be positive"]);
  });

  it("waits 10 minutes for each AI call unless told otherwise, and refuses a wait it cannot keep", () => {
    expect(parseEnv({ OPENAI_API_KEY: "sk-test" }).openai?.timeoutSeconds).toBe(600);
    expect(parseEnv({ OPENAI_API_KEY: "sk-test", OPENAI_TIMEOUT_SECONDS: "30" }).openai?.timeoutSeconds).toBe(30);
    expect(problems({ OPENAI_TIMEOUT_SECONDS: "0" })).toEqual(["OPENAI_TIMEOUT_SECONDS must be positive"]);
    expect(problems({ OPENAI_TIMEOUT_SECONDS: "10m" })).toEqual(["OPENAI_TIMEOUT_SECONDS must be a number"]);
    expect(problems({ OPENAI_TIMEOUT_SECONDS: "1.5" })).toEqual(["OPENAI_TIMEOUT_SECONDS must be a whole number"]);
    // Node's timers cannot wait longer than about 24 days: a longer wait would end at once.
    expect(problems({ OPENAI_TIMEOUT_SECONDS: "86401" })).toEqual(["OPENAI_TIMEOUT_SECONDS must be at most 86400 (a day)"]);
  });

  it("tries an AI call 4 times in all unless told otherwise", () => {
    expect(parseEnv({ OPENAI_API_KEY: "sk-test" }).openai?.maxRetries).toBe(3);
    expect(parseEnv({ OPENAI_API_KEY: "sk-test", OPENAI_MAX_RETRIES: "0" }).openai?.maxRetries).toBe(0);
    expect(problems({ OPENAI_MAX_RETRIES: "-1" })).toEqual(["OPENAI_MAX_RETRIES must be 0 (no retry) or more"]);
    expect(problems({ OPENAI_MAX_RETRIES: "1.5" })).toEqual(["OPENAI_MAX_RETRIES must be a whole number"]);
    expect(problems({ OPENAI_MAX_RETRIES: "11" })).toEqual(["OPENAI_MAX_RETRIES must be at most 10"]);
  });

  it("limits each admin's re-processing to 30 actions an hour unless told otherwise; 0 lifts the limit", () => {
    expect(parseEnv({ REPROCESS_LIMIT_PER_HOUR: "5" }).jobs.reprocessLimitPerHour).toBe(5);
    expect(parseEnv({ REPROCESS_LIMIT_PER_HOUR: "0" }).jobs.reprocessLimitPerHour).toBe(0);
    expect(problems({ REPROCESS_LIMIT_PER_HOUR: "-1" })).toEqual(["REPROCESS_LIMIT_PER_HOUR must be 0 (no limit) or more"]);
    expect(problems({ REPROCESS_LIMIT_PER_HOUR: "lots" })).toEqual(["REPROCESS_LIMIT_PER_HOUR must be a number"]);
    expect(problems({ REPROCESS_LIMIT_PER_HOUR: "2.5" })).toEqual(["REPROCESS_LIMIT_PER_HOUR must be a whole number"]);
  });

  it("limits each learner's AI word lookups to 60 an hour unless told otherwise; 0 lifts the limit", () => {
    expect(parseEnv({}).wordLookupAiPerHour).toBe(60);
    expect(parseEnv({ WORD_LOOKUP_AI_PER_HOUR: "0" }).wordLookupAiPerHour).toBe(0);
    expect(problems({ WORD_LOOKUP_AI_PER_HOUR: "-3" })).toEqual(["WORD_LOOKUP_AI_PER_HOUR must be 0 (no limit) or more"]);
    expect(parseEnv({}).wordLookupAiServer).toEqual({ perHour: 600, perDay: 3000 });
    expect(parseEnv({ WORD_LOOKUP_AI_SERVER_PER_HOUR: "0", WORD_LOOKUP_AI_SERVER_PER_DAY: "10" }).wordLookupAiServer).toEqual({ perHour: 0, perDay: 10 });
    expect(problems({ WORD_LOOKUP_AI_SERVER_PER_DAY: "lots" })).toEqual(["WORD_LOOKUP_AI_SERVER_PER_DAY must be a number"]);
  });
});

describe("AUTH_AUTOCONFIRM", () => {
  it("is off unless set, and only for the embedded auth server", () => {
    expect(parseEnv({}).authAutoconfirm).toBe(false);
    expect(parseEnv({ AUTH_AUTOCONFIRM: "1" }).authAutoconfirm).toBe(true);
    expect(problems({ AUTH_AUTOCONFIRM: "maybe" })).toEqual([expect.stringMatching(/^AUTH_AUTOCONFIRM/)]);
    expect(
      problems({ AUTH_AUTOCONFIRM: "1", NEXT_PUBLIC_SUPABASE_URL: "https://abc.supabase.co", NEXT_PUBLIC_SUPABASE_ANON_KEY: "key" }),
    ).toEqual([expect.stringContaining("AUTH_AUTOCONFIRM is for the embedded auth server")]);
  });
});
