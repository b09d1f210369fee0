ALTER TABLE "word_statuses" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
-- Until now a word was saved when its status was learning: every such word stays on its learner's list, saved when it was last set.
UPDATE "word_statuses" SET "saved_at" = "updated_at" WHERE "status" = 'learning';--> statement-breakpoint
CREATE INDEX "word_statuses_user_saved_idx" ON "word_statuses" USING btree ("user_id","saved_at") WHERE "word_statuses"."saved_at" is not null;
