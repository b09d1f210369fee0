DROP INDEX "video_progress_user_recent_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "total_quizzes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "total_words_learned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "video_progress" ADD COLUMN "words_learned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "video_progress_recent_video_idx" ON "video_progress" USING btree ("last_watched_at","video_id");--> statement-breakpoint
CREATE INDEX "video_progress_user_recent_idx" ON "video_progress" USING btree ("user_id","last_watched_at" DESC NULLS FIRST,"video_id" DESC NULLS FIRST);