ALTER TABLE "users" ADD COLUMN "pause_on_word_lookup" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "show_word_status" boolean DEFAULT true NOT NULL;