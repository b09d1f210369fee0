/**
 * The authorization matrix: every route handler under app/api (found by walking the folder, so a
 * new route without a row in authz-matrix.table.ts fails here), called for real with tokens from
 * the embedded auth server by anonymous, a learner, another learner, an admin and an owner, on a
 * published, an unpublished, a failed and an unknown video, on PGlite and Postgres. The answer
 * must be the table's status, never a 5xx, and every refusal the JSON error envelope.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getBoss } from "@/lib/jobs/boss";
import { createLocalStorage, installStorage, type Storage } from "@/lib/storage";
import { apiRequest, seedActors, signedInUser, type Actor, type ActorName } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { seedVideo, type VideoFixture, type VideoState } from "../helpers/videos";
import { ACTORS, AUTHZ_TABLE, VIDEO_STATES, type Row, type VideoStateColumn } from "./authz-matrix.table";

const API_DIR = path.resolve(__dirname, "../../app/api");
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Every route.ts under app/api as its URL path ("/api/videos/[id]/captions") and file. */
function routeFiles(): { route: string; file: string }[] {
  return (readdirSync(API_DIR, { recursive: true }) as string[])
    .filter((name) => path.basename(name) === "route.ts")
    .map((name) => ({ route: `/api/${path.dirname(name).split(path.sep).join("/")}`, file: path.join(API_DIR, name) }))
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The HTTP methods a route file exports, read from its source as Next reads its exports. */
function exportedMethods(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const found = new Set<string>();
  for (const match of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/g)) found.add(match[1]!);
  for (const match of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of match[1]!.split(",")) found.add(part.trim().split(/\s+as\s+/).pop()!.trim());
  }
  return HTTP_METHODS.filter((m) => found.has(m));
}

const key = (route: string, method: string) => `${method} ${route}`;
/** Whether a row's answer depends on the state of a video. */
const byVideoState = (row: Row) => typeof row.expect !== "string";

describe("authorization matrix table", () => {
  it("has exactly one row for every method every route under app/api exports", () => {
    const exported = routeFiles().flatMap(({ route, file }) => exportedMethods(file).map((m) => key(route, m)));
    const rows = AUTHZ_TABLE.map((r) => key(r.route, r.method));
    expect(exported.length).toBeGreaterThan(30);
    expect(new Set(rows).size, "a route and method has two rows").toBe(rows.length);
    expect([...rows].sort(), "routes without a row (or rows without a route)").toEqual([...exported].sort());
  });

  it("gives rows on a video one status per video state, and five columns everywhere", () => {
    for (const row of AUTHZ_TABLE) {
      const namesVideo = /\/api\/(videos|words)\/\[id\]|\[videoId\]/.test(row.route);
      if (namesVideo) expect(byVideoState(row), key(row.route, row.method)).toBe(true);
      const all = typeof row.expect === "string" ? [row.expect] : VIDEO_STATES.map((s) => (row.expect as Record<string, string>)[s]);
      for (const statuses of all) {
        expect(statuses, key(row.route, row.method)).toMatch(/^[1-5]\d\d( [1-5]\d\d){4}$/);
        expect(statuses, "a 5xx is never the expected answer").not.toMatch(/(^| )5\d\d/);
      }
    }
  });
});

describe.each(testDbKinds)("authorization matrix on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let actors: Record<ActorName, Actor>;
  let storage: Storage;
  let storeDir: string;
  const shared = {} as Record<VideoState, VideoFixture>;
  const UNKNOWN: VideoFixture = { id: 2_147_483_000, segmentId: 2_147_483_001, wordId: 2_147_483_002 };
  let counter = 0;
  const handlers = new Map<string, Record<string, Handler>>();

  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(tmpdir(), "authz-store-"));
    storage = createLocalStorage(storeDir);
    installStorage(storage);
    actors = await seedActors(t().db, "matrix");
    for (const state of ["published", "unpublished", "failed"] as const) shared[state] = await seedVideo(t().db, state, storage);
    await getBoss(t());
    for (const { route, file } of routeFiles()) handlers.set(route, (await import(file)) as Record<string, Handler>);
    // Seeding signs in five people and loads every route module: slow on a busy machine.
  }, 180_000);

  afterAll(async () => {
    installStorage(undefined);
    await rm(storeDir, { recursive: true, force: true });
  });

  async function targetUser(unconfirmed = false): Promise<string> {
    const email = `target-${kind}-${++counter}@example.com`;
    if (unconfirmed) {
      const { createUser } = await import("@/lib/auth-server");
      return (await createUser({ email, password: "secret-123", userMetadata: {}, emailConfirmed: false })).id;
    }
    const who = await signedInUser(email);
    const { GET } = await import("@/app/api/users/route");
    await GET(apiRequest("/api/users", { token: who.token }));
    return who.id;
  }

  async function openInvitation(): Promise<string> {
    const { invitations } = await import("@/db/schema");
    const [row] = await t()
      .db.insert(invitations)
      .values({ email: `invited-${kind}-${++counter}@example.com`, role: "user", expiresAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: invitations.id });
    return row!.id;
  }

  async function callOnce(row: Row, who: Actor | null, learnerId: string, state: VideoStateColumn | null) {
    const n = ++counter;
    let video = UNKNOWN;
    if (state && state !== "unknown") video = row.fresh ? await seedVideo(t().db, state, storage) : shared[state];
    const params: Record<string, string> = {};
    let route = row.route;
    const fill = (name: string, value: string | number) => {
      params[name] = String(value);
      route = route.replace(`[${name}]`, String(value));
    };
    if (route.includes("[userId]")) fill("userId", route.startsWith("/api/admin/") ? await targetUser(row.unconfirmedTarget) : learnerId);
    if (route.includes("[invitationId]")) fill("invitationId", await openInvitation());
    if (route.includes("[segmentId]")) fill("segmentId", video.segmentId);
    if (route.includes("[videoId]")) fill("videoId", video.id);
    if (route.includes("[id]")) fill("id", route.startsWith("/api/words/") ? video.wordId : video.id);
    const body = row.body?.({ video, learnerId, actorEmail: who?.email ?? null, n });
    const handler = handlers.get(row.route)![row.method] as Handler;
    // Outside Next's request scope the logout route cannot reach the cookies and says so; the redirect is what counts here.
    const quiet = row.route === "/api/auth/logout" ? vi.spyOn(console, "warn").mockImplementation(() => {}) : null;
    const response = await handler(apiRequest(`${route}${row.query ?? ""}`, { method: row.method, token: who?.token, body }), {
      params: Promise.resolve(params),
    });
    quiet?.mockRestore();
    if (response.status >= 400) {
      // Every refusal is the API's error envelope, which the client shows.
      const json = (await response.json()) as { error?: unknown; message?: unknown };
      expect(typeof json.error, `${row.method} ${route}: ${JSON.stringify(json)}`).toBe("string");
      expect(typeof json.message).toBe("string");
    } else await response.arrayBuffer();
    return response.status;
  }

  async function statusesFor(row: Row, state: VideoStateColumn | null) {
    const cast = row.freshActors ? await seedActors(t().db, `fresh-${kind}-${++counter}`) : actors;
    const statuses: number[] = [];
    for (const column of ACTORS) {
      statuses.push(await callOnce(row, column === "anonymous" ? null : cast[column], cast.learner.id, state));
    }
    return statuses.join(" ");
  }

  it.each(AUTHZ_TABLE.map((row) => [key(row.route, row.method), row] as [string, Row]))("%s", async (_name, row) => {
    const actual: Record<string, string> = {};
    if (typeof row.expect === "string") actual.any = await statusesFor(row, null);
    else for (const state of VIDEO_STATES) actual[state] = await statusesFor(row, state);
    for (const statuses of Object.values(actual)) expect(statuses, "no 5xx").not.toMatch(/(^| )5\d\d/);
    expect(actual).toEqual(typeof row.expect === "string" ? { any: row.expect } : row.expect);
  }, 120_000);
});
