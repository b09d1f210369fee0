ALTER TABLE "reminders_sent" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD COLUMN "failure" text;