/** Seeds the bundled demo lessons into an empty database, their quizzes built as processing builds them. */
import "server-only";
import type { Db } from "@/db/client";
import { insertDemoContent, loadDemoContent, type DemoContent, type SeedResult } from "@/db/seed";
import { buildQuiz } from "@/lib/quiz/build";

export function seedDemoContent(db: Db, content: DemoContent = loadDemoContent()): Promise<SeedResult> {
  return insertDemoContent(db, content, buildQuiz);
}
