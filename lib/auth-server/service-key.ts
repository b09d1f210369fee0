/**
 * The service-role key of the admin API (/auth/v1/admin, /auth/v1/invite). SUPABASE_SERVICE_ROLE_KEY
 * when set; otherwise a key made here (`sb_secret_` and 32 random bytes, like Supabase's secret
 * keys) of which only the SHA-256 is kept, in embedded_auth.service_keys. Since nobody can read it
 * back, `npm run auth:service-key` makes a new one, prints it once and so ends the old one.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db/client";
import { authServiceKeys } from "@/db/schema";
import { env } from "@/lib/env";

export const SERVICE_KEY_PREFIX = "sb_secret_";
/** How long a process trusts the stored hash it read; a rotation elsewhere counts after at most this. */
const CACHE_MS = 5_000;
/** Arbitrary constant naming the advisory lock that serialises making the first key. */
const KEY_CREATION_LOCK = 7_305_124_412;

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest();

export const newServiceKey = () => `${SERVICE_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;

/** The key SUPABASE_SERVICE_ROLE_KEY names for the embedded server, if any. */
export function configuredServiceKey(): string | undefined {
  const auth = env().auth;
  return auth.kind === "embedded" ? auth.serviceRoleKey : undefined;
}

async function storedHash(db: DbOrTx): Promise<Buffer | undefined> {
  const [row] = await db.select({ keyHash: authServiceKeys.keyHash }).from(authServiceKeys).orderBy(desc(authServiceKeys.id)).limit(1);
  return row ? Buffer.from(row.keyHash, "hex") : undefined;
}

/**
 * Replaces the stored key with a new one and returns it (the only time it is seen). The old key
 * stops working at once here, and in other processes once their cached hash runs out.
 */
export async function rotateServiceKey(db: Db): Promise<string> {
  const key = newServiceKey();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
    await tx.delete(authServiceKeys);
    await tx.insert(authServiceKeys).values({ keyHash: sha256(key).toString("hex") });
  });
  cache.delete(db);
  return key;
}

/**
 * Makes the first key when none is stored yet. Nobody learns it: the key is never written to a log,
 * and `npm run auth:service-key` prints a new one.
 */
async function ensureStoredHash(db: Db): Promise<Buffer> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
    const raced = await storedHash(tx);
    if (raced) return raced;
    const hash = sha256(newServiceKey());
    await tx.insert(authServiceKeys).values({ keyHash: hash.toString("hex") });
    console.warn("[auth] The admin API has a service-role key now; run `npm run auth:service-key` to get one printed.");
    return hash;
  });
}

const cache = new WeakMap<object, { hash: Buffer; readAt: number }>();

async function currentHash(db: Db, fresh: boolean): Promise<Buffer> {
  const cached = cache.get(db);
  if (cached && !fresh && Date.now() - cached.readAt < CACHE_MS) return cached.hash;
  const hash = (await storedHash(db)) ?? (await ensureStoredHash(db));
  cache.set(db, { hash, readAt: Date.now() });
  return hash;
}

const sameDigest = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/**
 * Whether `candidate` is the service-role key, compared in constant time (SHA-256 digests). With
 * `envKey` (SUPABASE_SERVICE_ROLE_KEY) that is the key and the database is not asked; otherwise the
 * stored hash is, cached for a few seconds and read again before any key is refused.
 */
export async function isServiceKey(db: Db, candidate: string, envKey: string | undefined = configuredServiceKey()): Promise<boolean> {
  const digest = sha256(candidate);
  if (envKey) return sameDigest(digest, sha256(envKey));
  if (sameDigest(digest, await currentHash(db, false))) return true;
  return sameDigest(digest, await currentHash(db, true));
}
