/**
 * What learners' AI word lookups may spend: each learner WORD_LOOKUP_AI_PER_HOUR, and all of them
 * together WORD_LOOKUP_AI_SERVER_PER_HOUR and _PER_DAY, so many accounts (anyone can make one)
 * cannot run up the operator's bill. A lookup is counted before its call and taken back when the
 * call fails: the learner got nothing for it. Answers from the cache are never counted.
 */
import "server-only";
import type { Db } from "@/db/client";
import { deleteAiLookup, deleteAiSpend, lockAiSpend, lockRecentAiLookups, recordAiLookup, recordAiSpend } from "@/db/queries/words/meanings";
import type { User } from "@/db/schema";
import { rateLimited } from "@/lib/api/errors";
import { env } from "@/lib/env";

const HOUR_SECONDS = 3600;
/** Said after every refusal: what still works without the AI. */
const STILL_WORKS = "words already looked up, your notes and dictionary meanings still work.";

export function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  if (seconds < 2 * HOUR_SECONDS) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  }
  return `${Math.ceil(seconds / HOUR_SECONDS)} hours`;
}

const waitOf = (freeInSeconds: number) => Math.max(1, Math.ceil(freeInSeconds));

/** A counted lookup: what to take back if its call fails. */
export type SpentLookup = { userCall: number | null; serverCall: number | null };

/** Counts one AI lookup for the user and the instance; 429 with when to try again past either limit. */
export async function spendAiLookup(db: Db, user: User): Promise<SpentLookup> {
  const perUser = env().wordLookupAiPerHour;
  const { perHour, perDay } = env().wordLookupAiServer;
  if (perUser === 0 && perHour === 0 && perDay === 0) return { userCall: null, serverCall: null };
  return db.transaction(async (tx) => {
    // The user's row first (their own window), then the instance's ledger: one order for every lookup.
    if (perUser > 0) {
      const recent = await lockRecentAiLookups(tx, { userId: user.id, seconds: HOUR_SECONDS });
      if (recent.count >= perUser) {
        const wait = waitOf(recent.freeInSeconds);
        throw rateLimited(`You have had the AI look up ${perUser} new words in the last hour, the most allowed. Try again in ${inWords(wait)}; ${STILL_WORKS}`, wait);
      }
    }
    let serverCall: number | null = null;
    if (perHour > 0 || perDay > 0) {
      const spent = await lockAiSpend(tx, HOUR_SECONDS);
      const over = [
        perHour > 0 && spent.hour.count >= perHour ? { window: spent.hour, what: `${perHour} an hour` } : null,
        perDay > 0 && spent.day.count >= perDay ? { window: spent.day, what: `${perDay} a day` } : null,
      ].filter((o) => o !== null);
      if (over.length) {
        const wait = waitOf(Math.max(...over.map((o) => o.window.freeInSeconds)));
        throw rateLimited(
          `This server has used its AI budget for looking up new words (${over.map((o) => o.what).join(" and ")}, for all learners together). Try again in ${inWords(wait)}; ${STILL_WORKS}`,
          wait,
        );
      }
      serverCall = await recordAiSpend(tx);
    }
    return { userCall: perUser > 0 ? await recordAiLookup(tx, user.id) : null, serverCall };
  });
}

/** Takes back a lookup whose AI call failed. */
export async function refundAiLookup(db: Db, spent: SpentLookup): Promise<void> {
  await Promise.all([spent.userCall !== null && deleteAiLookup(db, spent.userCall), spent.serverCall !== null && deleteAiSpend(db, spent.serverCall)]);
}
