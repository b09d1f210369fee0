/**
 * Hostile input, generated: every route under app/api (bodies for the writes, path ids and query
 * strings for all) and the embedded auth server's JSON endpoints get arbitrary JSON of the wrong
 * types, huge and odd numbers (1e308, -0, 1e-324, integers past 2^53), "NaN" and "Infinity" as
 * strings, lone surrogates, prototype keys (__proto__, constructor, prototype), long strings,
 * nesting up to 200 deep and text that is not JSON at all, from a learner, an admin and an owner.
 * The app must never answer 5xx, and a 4xx must leave every table as it was (row counts and a
 * hash of the contents). Runs are bounded; FC_SEED=<n> replays one run, FC_RUNS=<n> scales them.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "@/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { createLocalStorage, installStorage } from "@/lib/storage";
import { apiRequest, seedActors, signedInUser, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { seedVideo, type VideoFixture } from "../helpers/videos";
import { AUTHZ_TABLE, fillRoute, type Row } from "./authz-matrix.table";

const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const SCALE = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 1;
/** Runs per write route and per read route; FC_RUNS multiplies them. */
const WRITE_RUNS = Math.max(1, Math.round(10 * SCALE));
const READ_RUNS = Math.max(1, Math.round(3 * SCALE));

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

// ---- A JSON value written out by hand, so it can hold what JSON.stringify never writes (-0, 1e308, duplicate keys, __proto__ as a key).

type J = { raw: string } | { str: string } | { arr: J[] } | { obj: [string, J][] };

const serialize = (j: J): string => {
  if ("raw" in j) return j.raw;
  if ("str" in j) return JSON.stringify(j.str);
  if ("arr" in j) return `[${j.arr.map(serialize).join(",")}]`;
  return `{${j.obj.map(([k, v]) => `${JSON.stringify(k)}:${serialize(v)}`).join(",")}}`;
};
const fromValue = (value: unknown): J => {
  if (Array.isArray(value)) return { arr: value.map(fromValue) };
  if (value && typeof value === "object") return { obj: Object.entries(value).map(([k, v]) => [k, fromValue(v)] as [string, J]) };
  if (typeof value === "string") return { str: value };
  return { raw: JSON.stringify(value) ?? "null" };
};

const PROTO_KEYS = ["__proto__", "constructor", "prototype"];
const oddNumber = fc.constantFrom(
  "1e308", "-1e308", "1e309", "-0", "0", "-0.0", "1e-324", "5e-324", "0.1", "1.5", "-1", "2147483647", "2147483648",
  "9007199254740993", "-9007199254740993", "123456789012345678901234567890", "1E2", "1e+2", "0e0",
);
const oddString = fc.oneof(
  fc.constantFrom(
    "", " ", "NaN", "Infinity", "-Infinity", "-0", "1e308", "true", "null", "undefined", "\uD800", "\uDFFF", "a\uD800b",
    "\uFEFF", "\u202E", "𝔘𝔫𝔦", "../../etc/passwd", "%00", "<script>alert(1)</script>", "' OR 1=1 --", "${process}",
    "__proto__", "constructor", "prototype", "toString", "owner", "admin", "active", "add", "regenerate", "totp",
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(2_000, 70_000).map((n) => "é".repeat(n)),
);
const leaf: fc.Arbitrary<J> = fc.oneof(
  oddNumber.map((raw) => ({ raw })),
  fc.constantFrom("true", "false", "null").map((raw) => ({ raw })),
  fc.double().map((d) => ({ raw: Number.isFinite(d) ? JSON.stringify(d) : "0" })),
  fc.integer().map((n) => ({ raw: String(n) })),
  oddString.map((str) => ({ str })),
);
const anyKey = (known: string[]) => fc.oneof(fc.constantFrom(...PROTO_KEYS, ...known, "id", "role", "userId", "status"), fc.string({ maxLength: 12 }));
const json = (known: string[]): fc.Arbitrary<J> =>
  fc.letrec<{ value: J }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.array(tie("value"), { maxLength: 4 }).map((arr) => ({ arr })),
      fc.array(fc.tuple(anyKey(known), tie("value")), { maxLength: 4 }).map((obj) => ({ obj })),
    ),
  })).value;
/** Nesting 1 to 200 deep (a separate fix guards far deeper bodies), arrays or objects around a leaf. */
const deep = fc.tuple(fc.integer({ min: 1, max: 200 }), fc.boolean(), leaf).map(([depth, arrays, inner]) => {
  let j = inner;
  for (let i = 0; i < depth; i++) j = arrays ? { arr: [j] } : { obj: [[i % 7 === 0 ? "__proto__" : "a", j]] };
  return j;
});

/** A body: the route's valid body with one field made hostile, hostile JSON of any shape, deep nesting, or not JSON. */
function bodyText(valid: Record<string, unknown> | undefined): fc.Arbitrary<string> {
  const known = Object.keys(valid ?? {});
  const base = fromValue(valid ?? {});
  const mutated = fc.tuple(anyKey(known), fc.oneof(leaf, json(known), deep)).map(([k, v]) => {
    const entries = "obj" in base ? base.obj.filter(([key]) => key !== k) : [];
    return serialize({ obj: [...entries, [k, v]] });
  });
  return fc.oneof(
    { arbitrary: mutated, weight: 4 },
    { arbitrary: json(known).map(serialize), weight: 2 },
    { arbitrary: deep.map(serialize), weight: 1 },
    { arbitrary: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("{", "[1,]", '{"a":1,}', "NaN", "-", "\u0000", '"\\ud800"', "1e308")), weight: 1 },
  );
}

const oddId = fc.oneof(
  fc.constantFrom(
    "0", "-1", "01", "1e3", "1.5", "2147483648", "9999999999", "99999999999999999999", " 1", "1 ", "0x10", "NaN", "Infinity",
    "__proto__", "constructor", "..", "%2e%2e", "\uD800", "\u0000", "00000000-0000-0000-0000-000000000000",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "",
  ),
  fc.uuid(),
  fc.string({ maxLength: 40 }),
);
const queryArb = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom("limit", "categoryId", "nativeLanguage", "language", "search", "to", ...PROTO_KEYS), fc.string({ maxLength: 8 })),
      fc.oneof(oddString, oddNumber, oddId),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs.map(([k, v]) => [k.toWellFormed(), v.toWellFormed()]))}` : ""));

// ---- The database as a fingerprint: every table's row count and a hash of its rows.

/**
 * Columns a refused request may still write, left out of the hash: checking an admin's current
 * password (change-email, change-password) is a sign-in, which the auth server records as GoTrue does
 * (last_sign_in_at, updated_at) even when the change itself is then refused (429: too many emails).
 */
const BOOKKEEPING: Record<string, string[]> = { "embedded_auth.users": ["last_sign_in_at", "updated_at"] };

async function fingerprint(db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }, tables: string[]): Promise<Record<string, string>> {
  const row = (t: string) => (BOOKKEEPING[t] ? `(to_jsonb(x) - array[${BOOKKEEPING[t].map((c) => `'${c}'`).join(",")}])::text` : "x::text");
  const parts = tables.map((t) => `select '${t}' as name, count(*)::text || ':' || coalesce(md5(string_agg(${row(t)}, '|' order by ${row(t)})), '') as print from ${t} x`);
  const rows = resultRows<{ name: string; print: string }>(await db.execute(sql.raw(parts.join(" union all "))));
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

describe.each(testDbKinds)("hostile input on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let video: VideoFixture;
  let targetUserId: string;
  let storeDir: string;
  let tables: string[];
  const handlers = new Map<string, Record<string, Handler>>();
  const apiDir = path.resolve(__dirname, "../../app/api");

  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(tmpdir(), "hostile-store-"));
    const storage = createLocalStorage(storeDir);
    installStorage(storage);
    actors = await seedActors(t().db, "hostile");
    video = await seedVideo(t().db, "published", storage);
    targetUserId = (await signedInUser("hostile-target@example.com")).id;
    await getBoss(t());
    for (const name of readdirSync(apiDir, { recursive: true }) as string[]) {
      if (path.basename(name) !== "route.ts") continue;
      handlers.set(`/api/${path.dirname(name).split(path.sep).join("/")}`, await import(path.join(apiDir, name)));
    }
    tables = resultRows<{ name: string }>(
      await t().db.execute(sql`
        select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
        where table_type = 'BASE TABLE' and (table_schema in ('public', 'embedded_auth') or (table_schema = 'pgboss' and table_name = 'job'))
        order by 1`),
    ).map((r) => r.name);
  }, 180_000);

  afterAll(async () => {
    installStorage(undefined);
    await rm(storeDir, { recursive: true, force: true });
  });

  const who = fc.constantFrom<ActorName>("learner", "admin", "owner");

  /** Calls `send` and holds the answer to the rules: no 5xx; a 4xx changed nothing. */
  let known: Record<string, string> | null = null;
  async function check(label: string, send: () => Promise<Response>) {
    // Nothing else writes between calls: after a refusal the database is as it was, so its print is reused.
    const before = known ?? (await fingerprint(t().db, tables));
    known = null;
    const response = await send();
    const text = await response.text();
    expect(response.status, `${label} answered ${response.status}: ${text.slice(0, 300)}`).toBeLessThan(500);
    if (response.status >= 400) {
      expect(await fingerprint(t().db, tables), `${label} answered ${response.status} but changed rows`).toEqual(before);
      known = before;
    }
  }

  const writes = (r: Row) => r.method !== "GET" && r.route !== "/api/auth/logout";
  const valuesFor = (actor: Actor): Record<string, string> => ({
    id: String(video.id),
    videoId: String(video.id),
    segmentId: String(video.segmentId),
    userId: actor.id,
  });

  it.each(AUTHZ_TABLE.filter((r) => r.route !== "/api/auth/logout").map((r) => [`${r.method} ${r.route}`, r] as [string, Row]))(
    "%s",
    async (label, row) => {
      const hasParams = row.route.includes("[");
      // Deleting by a real id would only take the fixtures away: deletes get odd ids only.
      const paramArb = fc.record(
        Object.fromEntries([...row.route.matchAll(/\[(\w+)\]/g)].map(([, name]) => [name!, row.method === "DELETE" ? oddId : fc.option(oddId, { freq: 2 })])),
      ) as fc.Arbitrary<Record<string, string | null>>;
      const ctxFor = (actor: Actor) => ({ video, learnerId: actor.id, actorEmail: actor.email, n: Date.now() });
      await fc.assert(
        fc.asyncProperty(who, paramArb, queryArb, fc.option(bodyText(row.body?.(ctxFor(actors.learner)) as Record<string, unknown>), { nil: undefined, freq: 8 }), async (name, odd, query, body) => {
          const actor = actors[name];
          const values = valuesFor(actor);
          if (row.route.startsWith("/api/admin/users/")) values.userId = targetUserId;
          for (const [k, v] of Object.entries(odd)) if (v !== null) values[k] = v;
          const { path: url, params } = fillRoute(row.route, values);
          const handler = handlers.get(row.route)![row.method]!;
          const rawBody = writes(row) ? body ?? JSON.stringify(row.body?.(ctxFor(actor)) ?? {}) : undefined;
          await check(`${row.method} ${`${url}${query}`.slice(0, 200)} as ${name} with ${rawBody?.slice(0, 200)}`, () =>
            handler(apiRequest(`${url}${query}`, { method: row.method, token: actor.token, rawBody }), { params: Promise.resolve(params) }),
          );
        }),
        { numRuns: writes(row) ? WRITE_RUNS : hasParams ? READ_RUNS : Math.ceil(READ_RUNS / 2), seed: SEED, endOnFailure: true },
      );
      void label;
    },
    120_000,
  );

  /** The auth server's JSON endpoints, as supabase-js calls them. */
  const AUTH_ENDPOINTS: { name: string; method: string; path: (factorId: string) => string; signedIn: boolean; valid: Record<string, unknown> }[] = [
    { name: "signup", method: "POST", path: () => "/signup", signedIn: false, valid: { email: "someone-new@example.com", password: "secret-123", data: { first_name: "Ada" } } },
    { name: "token (password)", method: "POST", path: () => "/token?grant_type=password", signedIn: false, valid: { email: "hostile-learner@example.com", password: "wrong-one" } },
    { name: "token (refresh)", method: "POST", path: () => "/token?grant_type=refresh_token", signedIn: false, valid: { refresh_token: "abcdefghijkl" } },
    { name: "token (pkce)", method: "POST", path: () => "/token?grant_type=pkce", signedIn: false, valid: { auth_code: "abc", code_verifier: "x".repeat(43) } },
    { name: "recover", method: "POST", path: () => "/recover", signedIn: false, valid: { email: "hostile-learner@example.com" } },
    { name: "user PUT", method: "PUT", path: () => "/user", signedIn: true, valid: { data: { first_name: "Ada" } } },
    { name: "factors enroll", method: "POST", path: () => "/factors", signedIn: true, valid: { factor_type: "totp", friendly_name: "phone" } },
    { name: "factors challenge", method: "POST", path: (id) => `/factors/${id}/challenge`, signedIn: true, valid: {} },
    { name: "factors verify", method: "POST", path: (id) => `/factors/${id}/verify`, signedIn: true, valid: { challenge_id: "00000000-0000-0000-0000-000000000000", code: "123456" } },
  ];

  it.each(AUTH_ENDPOINTS.map((e) => [e.name, e] as [string, (typeof AUTH_ENDPOINTS)[number]]))("auth server: %s", async (_name, endpoint) => {
    const { handleAuthRequest } = await import("@/lib/auth-server");
    const factorArb = fc.oneof(oddId, fc.uuid());
    await fc.assert(
      fc.asyncProperty(who, factorArb, bodyText(endpoint.valid), async (name, factorId, body) => {
        const headers: Record<string, string> = { apikey: "test", "content-type": "application/json" };
        if (endpoint.signedIn) headers.authorization = `Bearer ${actors[name].token}`;
        const url = `http://localhost:3000/auth/v1${endpoint.path(encodeURIComponent(factorId.toWellFormed()))}`;
        await check(`${endpoint.method} ${url} as ${name} with ${body.slice(0, 200)}`, () =>
          handleAuthRequest(new Request(url, { method: endpoint.method, headers, body }), { ip: "203.0.113.9", via: "http" }),
        );
      }),
      { numRuns: WRITE_RUNS, seed: SEED, endOnFailure: true },
    );
  }, 120_000);
});
