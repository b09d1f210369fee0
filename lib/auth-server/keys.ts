/**
 * ES256 signing keys for access tokens. The first key is generated on first use and stored in
 * embedded_auth.signing_keys, so tokens survive restarts and every instance of the app signs
 * with the same key; an advisory lock keeps concurrent first uses from creating two.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from "jose";
import type { Db } from "@/db/client";
import { authSigningKeys } from "@/db/schema";
import { AuthServerError } from "./errors";

const ALG = "ES256";
/** Arbitrary constant naming the advisory lock that serialises key creation. */
const KEY_CREATION_LOCK = 7_305_124_411;

type SigningKey = { kid: string; privateKey: CryptoKey };
export type Jwks = { keys: JWK[] };

export class KeyStore {
  private signing: Promise<SigningKey> | undefined;
  private readonly verifying = new Map<string, Promise<CryptoKey>>();

  constructor(private readonly getDb: () => Promise<Db>) {}

  private signingKey(): Promise<SigningKey> {
    if (!this.signing) {
      this.signing = this.loadOrCreate().then(async (row) => ({
        kid: row.kid,
        privateKey: (await importJWK(row.privateJwk as JWK, ALG)) as CryptoKey,
      }));
      this.signing.catch(() => {
        this.signing = undefined;
      });
    }
    return this.signing;
  }

  private async loadOrCreate() {
    const db = await this.getDb();
    const existing = await activeKey(db);
    if (existing) return existing;
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${KEY_CREATION_LOCK})`);
      const raced = await activeKey(tx as unknown as Db);
      if (raced) return raced;
      const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
      const kid = randomUUID();
      const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
      const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: "sig", key_ops: ["verify"], ext: true };
      const [row] = await tx.insert(authSigningKeys).values({ kid, privateJwk, publicJwk, active: true }).returning();
      return row!;
    });
  }

  async sign(claims: JWTPayload): Promise<string> {
    const key = await this.signingKey();
    return new SignJWT(claims).setProtectedHeader({ alg: ALG, kid: key.kid, typ: "JWT" }).sign(key.privateKey);
  }

  /** The public keys, newest first; creates the first key when there is none yet. */
  async jwks(): Promise<Jwks> {
    await this.signingKey();
    const db = await this.getDb();
    const rows = await db.select().from(authSigningKeys).orderBy(desc(authSigningKeys.createdAt));
    return { keys: rows.map((row) => row.publicJwk as JWK) };
  }

  private verificationKey(kid: string): Promise<CryptoKey> {
    let key = this.verifying.get(kid);
    if (!key) {
      key = (async () => {
        const db = await this.getDb();
        const [row] = await db.select().from(authSigningKeys).where(eq(authSigningKeys.kid, kid)).limit(1);
        if (!row) throw new Error("no signing key with this kid");
        return (await importJWK(row.publicJwk as JWK, ALG)) as CryptoKey;
      })();
      this.verifying.set(kid, key);
      key.catch(() => this.verifying.delete(kid));
    }
    return key;
  }

  /** Verifies signature and expiry; any failure is GoTrue's 403 `bad_jwt`. */
  async verify(token: string, now: Date): Promise<JWTPayload> {
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== ALG || typeof header.kid !== "string") throw new Error("unexpected signing method");
      const key = await this.verificationKey(header.kid);
      const { payload } = await jwtVerify(token, key, { algorithms: [ALG], currentDate: now });
      return payload;
    } catch (error) {
      const reason = (error as { code?: string }).code === "ERR_JWT_EXPIRED" ? "token has invalid claims: token is expired" : "signature is invalid";
      throw new AuthServerError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${reason}`);
    }
  }
}

async function activeKey(db: Db) {
  const [row] = await db
    .select()
    .from(authSigningKeys)
    .where(and(eq(authSigningKeys.active, true)))
    .orderBy(desc(authSigningKeys.createdAt))
    .limit(1);
  return row;
}
