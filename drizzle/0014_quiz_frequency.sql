ALTER TABLE "users" ADD COLUMN "quiz_frequency" text DEFAULT 'every' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiz_gap_seconds" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_quiz_frequency_known" CHECK ("users"."quiz_frequency" in ('every', 'spaced', 'off'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_quiz_gap_range" CHECK ("users"."quiz_gap_seconds" between 10 and 600);