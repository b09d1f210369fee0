/** A user's own profile, languages, daily goal and learning preferences. */
import type { DbOrTx } from "@/db/client";
import { getLanguagesByCodes } from "@/db/queries/languages";
import { updateUser } from "@/db/queries/users";
import type { User } from "@/db/schema";
import { badRequest, notFound } from "@/lib/api/errors";
import { isValidTimeZone } from "@/lib/progress/days";
import type { SettingsUpdate } from "@/lib/validation/settings";

export async function updateSettings(db: DbOrTx, user: User, input: SettingsUpdate): Promise<User> {
  const native = input.nativeLanguage ?? user.nativeLanguage;
  const target = input.targetLanguage ?? user.targetLanguage;
  const codes = [input.nativeLanguage, input.targetLanguage].filter((c): c is string => !!c);
  if (codes.length > 0) {
    const known = new Set((await getLanguagesByCodes(db, { codes })).map((l) => l.code));
    const unknown = codes.find((c) => !known.has(c));
    if (unknown) throw badRequest(`Unsupported language: ${unknown}`);
  }
  if (native && target && native === target) {
    throw badRequest("Target language must be different from your native language");
  }
  if (input.timeZone && !isValidTimeZone(input.timeZone)) throw badRequest(`Unknown time zone: ${input.timeZone}`);

  // A form with nothing in it changes nothing: an UPDATE with no column to set is not valid SQL.
  if (!Object.values(input).some((value) => value !== undefined)) return user;
  const updated = await updateUser(db, { id: user.id, values: input });
  if (!updated) throw notFound("User not found");
  return updated;
}
