/**
 * Seeds the bundled demo lessons into an empty database, their quizzes built and their lines
 * split into words as processing does it; a database seeded before lemmas were kept gets the
 * demo videos' words.
 */
import "server-only";
import type { Db } from "@/db/client";
import { addDemoTokens, insertDemoContent, loadDemoContent, type DemoContent, type SeedResult } from "@/db/seed";
import { buildQuiz } from "@/lib/quiz/build";
import { lineWords } from "@/lib/text/line-words";

export async function seedDemoContent(db: Db, content: DemoContent = loadDemoContent()): Promise<SeedResult> {
  const result = await insertDemoContent(db, content, { buildQuiz, lineWords });
  if (!result.seeded) await addDemoTokens(db, content, lineWords);
  return result;
}
