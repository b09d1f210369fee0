/** A user's own profile, languages, daily goal and learning preferences. */
import "server-only";
import type { DbOrTx } from "@/db/client";
import { getLanguagesByCodes } from "@/db/queries/languages";
import { lockUser } from "@/db/queries/progress";
import { updateUser } from "@/db/queries/users";
import type { User } from "@/db/schema";
import { badRequest, notFound } from "@/lib/api/errors";
import { isValidTimeZone, savedTimeZone } from "@/lib/progress/days";
import type { SettingsUpdate } from "@/lib/validation/settings";

/**
 * The time zone is saved as sent (the settings form sends the browser's); the zone days and the
 * streak count in follows it at most once in 24 hours (lib/progress/days.ts).
 */
export async function updateSettings(db: DbOrTx, user: User, input: SettingsUpdate, now = new Date()): Promise<User> {
  const native = input.nativeLanguage ?? user.nativeLanguage;
  const target = input.targetLanguage ?? user.targetLanguage;
  const codes = [input.nativeLanguage, input.targetLanguage, input.interfaceLanguage].filter((c): c is string => !!c);
  if (codes.length > 0) {
    const known = new Set((await getLanguagesByCodes(db, { codes })).map((l) => l.code));
    const unknown = codes.find((c) => !known.has(c));
    if (unknown) throw badRequest(`Unsupported language: ${unknown}`);
  }
  if (native && target && native === target) {
    throw badRequest("Target language must be different from your native language");
  }
  if (input.timeZone && !isValidTimeZone(input.timeZone)) throw badRequest(`Unknown time zone: ${input.timeZone}`);

  const { timeZone, ...fields } = input;
  const rest = { ...fields, ...reminderSchedule(user, input, now) };
  if (!timeZone) {
    // A form with nothing in it changes nothing: an UPDATE with no column to set is not valid SQL.
    if (!Object.values(rest).some((value) => value !== undefined)) return user;
    const updated = await updateUser(db, { id: user.id, values: rest });
    if (!updated) throw notFound("User not found");
    return updated;
  }
  // The zone columns (lastActiveDate among them) are derived from the row as it is now: under the
  // row lock a quiz result takes too, so a result counted since `user` was read is not undone.
  return db.transaction(async (tx) => {
    const fresh = await lockUser(tx, { id: user.id });
    if (!fresh) throw notFound("User not found");
    const updated = await updateUser(tx, { id: user.id, values: { ...rest, ...savedTimeZone(fresh, timeZone, now) } });
    if (!updated) throw notFound("User not found");
    return updated;
  });
}

/**
 * A change to when or whether reminders come asks the reminder pass to look at the learner at
 * once (it works out today's time in their zone); reminders off, it never looks.
 */
function reminderSchedule(user: User, input: SettingsUpdate, now: Date): { reminderNextAt?: Date | null } {
  const touched = ["enableNotifications", "reminderTime", "reminderEmail", "timeZone"] as const;
  if (!touched.some((key) => input[key] !== undefined)) return {};
  return { reminderNextAt: (input.enableNotifications ?? user.enableNotifications) ? now : null };
}
