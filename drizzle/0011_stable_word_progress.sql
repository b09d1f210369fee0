CREATE TABLE "quiz_result_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_result_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "quiz_result_keys" ADD CONSTRAINT "quiz_result_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_result_keys_created_at_idx" ON "quiz_result_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "day_time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "day_time_zone_since" timestamp with time zone;--> statement-breakpoint
-- Days keep counting in the zone each learner has now.
UPDATE "users" SET "day_time_zone" = "time_zone";--> statement-breakpoint
-- Each record of a word moves from the word's row id to its video and key (lower(word), unique per video), read from the word rows as they are now, before the id goes.
ALTER TABLE "user_word_progress" ADD COLUMN "video_id" integer;--> statement-breakpoint
ALTER TABLE "user_word_progress" ADD COLUMN "word_key" text;--> statement-breakpoint
UPDATE "user_word_progress" p SET "video_id" = w."video_id", "word_key" = lower(w."word") FROM "words" w WHERE w."id" = p."word_id";--> statement-breakpoint
ALTER TABLE "user_word_progress" ALTER COLUMN "video_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_word_progress" ALTER COLUMN "word_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_word_progress" DROP CONSTRAINT "user_word_progress_word_id_words_id_fk";--> statement-breakpoint
DROP INDEX "user_word_progress_word_idx";--> statement-breakpoint
ALTER TABLE "user_word_progress" DROP CONSTRAINT "user_word_progress_user_id_word_id_pk";--> statement-breakpoint
ALTER TABLE "user_word_progress" DROP COLUMN "word_id";--> statement-breakpoint
ALTER TABLE "user_word_progress" ADD CONSTRAINT "user_word_progress_user_id_video_id_word_key_pk" PRIMARY KEY("user_id","video_id","word_key");--> statement-breakpoint
ALTER TABLE "user_word_progress" ADD CONSTRAINT "user_word_progress_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_word_progress_video_word_idx" ON "user_word_progress" USING btree ("video_id","word_key");
