CREATE TABLE "study_clocks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"credited_until" timestamp with time zone,
	"last_report_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_progress" ADD COLUMN "seconds_studied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "study_clocks" ADD CONSTRAINT "study_clocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_progress" ADD CONSTRAINT "daily_progress_seconds_non_negative" CHECK ("daily_progress"."seconds_studied" >= 0);