/** Password hashing (bcrypt, as GoTrue) and GoTrue's strength rules. */
import { randomBytes } from "node:crypto";
import bcrypt from "bcryptjs";
import { AuthServerError, validationFailed } from "./errors";

/** bcrypt only looks at the first 72 bytes; GoTrue refuses longer passwords. */
const MAX_PASSWORD_BYTES = 72;

// Hashes of a random string, one per cost, compared against whenever there is no real hash to
// compare with (unknown user, empty or over-long password), so that every answer costs one bcrypt.
const dummyHashes = new Map<number, Promise<string>>();

function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = bcrypt.hash(`dummy-${randomBytes(16).toString("hex")}`, cost);
    dummyHashes.set(cost, hash);
    hash.catch(() => dummyHashes.delete(cost));
  }
  return hash;
}

/** Computes the dummy hash ahead of the first request that needs it. */
export function warmUpPasswordHashing(cost: number): void {
  dummyHash(cost).catch(() => {});
}

/** Spends the time of one bcrypt comparison, for paths that would otherwise answer sooner. */
export async function spendPasswordCheckTime(cost: number, password = ""): Promise<void> {
  await bcrypt.compare(password.slice(0, MAX_PASSWORD_BYTES), await dummyHash(cost));
}

export function checkPasswordStrength(password: string, minLength: number): void {
  if (Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if ([...password].length < minLength) {
    throw new AuthServerError(422, "weak_password", `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ["length"] },
    });
  }
}

export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

export async function comparePassword(password: string, hash: string | null | undefined, cost: number): Promise<boolean> {
  if (!hash || password === "" || Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES) {
    await spendPasswordCheckTime(cost, password);
    return false;
  }
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    await spendPasswordCheckTime(cost, password);
    return false;
  }
}
