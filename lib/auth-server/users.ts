/** User lookups and the user JSON GoTrue returns (identities, factors, timestamps). */
import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMfaFactors, authUsers, type AuthFactor, type AuthUser } from "@/db/schema";
import { validationFailed } from "./errors";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// GoTrue's address pattern.
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID_RE.test(value);

/** Trimmed and lower-cased, as GoTrue stores addresses; throws `validation_failed` when invalid. */
export function normalizeEmail(raw: string | undefined, missingMessage = "An email address is required"): string {
  const email = (raw ?? "").trim().toLowerCase();
  if (email === "") throw validationFailed(missingMessage);
  if (email.length > 255) throw validationFailed("An email address is too long");
  if (!EMAIL_RE.test(email)) throw validationFailed("Unable to validate email address: invalid format");
  return email;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<AuthUser | undefined> {
  const [user] = await db
    .select()
    .from(authUsers)
    .where(sql`lower(${authUsers.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return user;
}

export async function findUserById(db: DbOrTx, id: string): Promise<AuthUser | undefined> {
  if (!isUuid(id)) return undefined;
  const [user] = await db.select().from(authUsers).where(eq(authUsers.id, id)).limit(1);
  return user;
}

export async function findUserByIdOrEmail(db: DbOrTx, idOrEmail: string): Promise<AuthUser | undefined> {
  return isUuid(idOrEmail) ? findUserById(db, idOrEmail) : findUserByEmail(db, idOrEmail);
}

/**
 * Inserts an email account; undefined when the address is taken (a concurrent sign-up won).
 * `confirmedAt` null leaves it waiting for its confirmation link.
 */
export async function insertAuthUser(
  db: DbOrTx,
  input: { email: string; encryptedPassword: string; userMetadata: Record<string, unknown>; confirmedAt: Date | null; now: Date },
): Promise<AuthUser | undefined> {
  const [created] = await db
    .insert(authUsers)
    .values({
      email: input.email,
      encryptedPassword: input.encryptedPassword,
      emailConfirmedAt: input.confirmedAt,
      appMetaData: { provider: "email", providers: ["email"] },
      userMetaData: input.confirmedAt ? { ...input.userMetadata, email_verified: true } : input.userMetadata,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return created;
}

export function listFactors(db: DbOrTx, userId: string): Promise<AuthFactor[]> {
  return db.select().from(authMfaFactors).where(eq(authMfaFactors.userId, userId)).orderBy(asc(authMfaFactors.createdAt));
}

export type FactorJson = {
  id: string;
  friendly_name?: string;
  factor_type: string;
  status: string;
  created_at: string;
  updated_at: string;
  last_challenged_at?: string;
};

export type IdentityJson = {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email: string;
};

export type UserJson = {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  recovery_sent_at?: string;
  invited_at?: string;
  banned_until?: string;
  new_email?: string;
  email_change_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: IdentityJson[];
  factors?: FactorJson[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

export function appMetadata(user: AuthUser): Record<string, unknown> {
  return { provider: "email", providers: ["email"], ...user.appMetaData };
}

export function factorJson(factor: AuthFactor): FactorJson {
  return {
    id: factor.id,
    friendly_name: factor.friendlyName ?? undefined,
    factor_type: factor.factorType,
    status: factor.status,
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
    last_challenged_at: iso(factor.lastChallengedAt),
  };
}

/** A stable identity id per user: the embedded server keeps exactly one (email) identity. */
function identityId(userId: string): string {
  const hex = createHash("sha1").update(`email-identity:${userId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function toUserJson(user: AuthUser, factors: AuthFactor[] = []): UserJson {
  const json: UserJson = {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: "",
    confirmation_sent_at: iso(user.confirmationSentAt),
    confirmed_at: iso(user.emailConfirmedAt),
    recovery_sent_at: iso(user.recoverySentAt),
    invited_at: iso(user.invitedAt),
    banned_until: iso(user.bannedUntil),
    new_email: user.emailChange ?? undefined,
    email_change_sent_at: user.emailChange ? iso(user.emailChangeSentAt) : undefined,
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: appMetadata(user),
    user_metadata: user.userMetaData,
    identities: [
      {
        identity_id: identityId(user.id),
        id: user.id,
        user_id: user.id,
        identity_data: {
          email: user.email,
          email_verified: user.emailConfirmedAt !== null,
          phone_verified: false,
          sub: user.id,
        },
        provider: "email",
        last_sign_in_at: iso(user.lastSignInAt ?? user.createdAt),
        created_at: user.createdAt.toISOString(),
        updated_at: user.updatedAt.toISOString(),
        email: user.email,
      },
    ],
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: user.isAnonymous,
  };
  // GoTrue leaves `factors` out when there are none.
  if (factors.length > 0) json.factors = factors.map(factorJson);
  return json;
}

export async function loadUserJson(db: DbOrTx, user: AuthUser): Promise<UserJson> {
  return toUserJson(user, await listFactors(db, user.id));
}

/**
 * What GoTrue answers when someone signs up with an address that is already confirmed: a
 * plausible new user with a random id and no identities, so the response does not reveal
 * whether the address is registered.
 */
export function obfuscatedUserJson(email: string, data: Record<string, unknown>, now: Date): UserJson {
  const stamp = now.toISOString();
  return {
    id: crypto.randomUUID(),
    aud: "authenticated",
    role: "",
    email,
    phone: "",
    confirmation_sent_at: stamp,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: data,
    identities: [],
    created_at: stamp,
    updated_at: stamp,
    is_anonymous: false,
  };
}
