ALTER TABLE "dictionary_entries" ADD COLUMN "pronunciation" text;--> statement-breakpoint
ALTER TABLE "dictionary_entries" ADD COLUMN "grammar" text;