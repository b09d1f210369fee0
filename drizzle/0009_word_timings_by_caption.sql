ALTER TABLE "word_timings" DROP CONSTRAINT "word_timings_video_id_videos_id_fk";
--> statement-breakpoint
-- Every timing the app writes has its caption; one without (which no screen could show) cannot stay.
DELETE FROM "word_timings" WHERE "caption_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "word_timings" ALTER COLUMN "caption_id" SET NOT NULL;
