CREATE TABLE "dictionaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_language" varchar(8) NOT NULL,
	"target_language" varchar(8) NOT NULL,
	"name" text NOT NULL,
	"edition" text,
	"licence" text NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictionaries_name_not_blank" CHECK (length(btrim("dictionaries"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "dictionary_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dictionary_id" integer NOT NULL,
	"headword" text NOT NULL,
	"definition" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_line_meanings" (
	"meaning_id" integer NOT NULL,
	"line_hash" text NOT NULL,
	"meaning" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "word_line_meanings_meaning_id_line_hash_pk" PRIMARY KEY("meaning_id","line_hash")
);
--> statement-breakpoint
CREATE TABLE "word_lookup_ai_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_meanings" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" varchar(8) NOT NULL,
	"native_language" varchar(8) NOT NULL,
	"lemma" text NOT NULL,
	"model" text NOT NULL,
	"prompt_version" integer NOT NULL,
	"part_of_speech" text,
	"meanings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_notes" (
	"user_id" uuid NOT NULL,
	"language" varchar(8) NOT NULL,
	"lemma" text NOT NULL,
	"note" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "word_notes_user_id_language_lemma_pk" PRIMARY KEY("user_id","language","lemma")
);
--> statement-breakpoint
ALTER TABLE "dictionary_entries" ADD CONSTRAINT "dictionary_entries_dictionary_id_dictionaries_id_fk" FOREIGN KEY ("dictionary_id") REFERENCES "public"."dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_line_meanings" ADD CONSTRAINT "word_line_meanings_meaning_id_word_meanings_id_fk" FOREIGN KEY ("meaning_id") REFERENCES "public"."word_meanings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_lookup_ai_calls" ADD CONSTRAINT "word_lookup_ai_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_notes" ADD CONSTRAINT "word_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dictionaries_pair_name_idx" ON "dictionaries" USING btree ("source_language","target_language","name");--> statement-breakpoint
CREATE INDEX "dictionary_entries_dictionary_headword_idx" ON "dictionary_entries" USING btree ("dictionary_id","headword");--> statement-breakpoint
CREATE INDEX "word_lookup_ai_calls_user_created_idx" ON "word_lookup_ai_calls" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "word_meanings_key_idx" ON "word_meanings" USING btree ("language","native_language","lemma","model","prompt_version");