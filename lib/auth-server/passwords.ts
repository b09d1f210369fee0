/** Password hashing (bcrypt, as GoTrue) and GoTrue's strength rules. */
import bcrypt from "bcryptjs";
import { AuthServerError, validationFailed } from "./errors";

/** bcrypt only looks at the first 72 bytes; GoTrue refuses longer passwords. */
const MAX_PASSWORD_BYTES = 72;

// A hash of a random string, compared against when the user does not exist, so that unknown
// emails take as long as wrong passwords.
let dummyHash: Promise<string> | undefined;

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
  if (!hash) {
    dummyHash ??= bcrypt.hash(`dummy-${Math.random()}`, cost);
    await bcrypt.compare(password, await dummyHash);
    return false;
  }
  if (password === "" || Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}
