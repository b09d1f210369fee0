CREATE TABLE "video_lemmas" (
	"video_id" integer NOT NULL,
	"lemma" text NOT NULL,
	"occurrences" integer NOT NULL,
	CONSTRAINT "video_lemmas_video_id_lemma_pk" PRIMARY KEY("video_id","lemma"),
	CONSTRAINT "video_lemmas_occurrences_positive" CHECK ("video_lemmas"."occurrences" > 0)
);
--> statement-breakpoint
CREATE TABLE "video_tokens" (
	"video_id" integer NOT NULL,
	"caption_id" integer NOT NULL,
	"position" integer NOT NULL,
	"char_start" integer NOT NULL,
	"char_end" integer NOT NULL,
	"surface" text NOT NULL,
	"lemma" text NOT NULL,
	"part_of_speech" text,
	"is_content" boolean NOT NULL,
	"is_proper_noun" boolean DEFAULT false NOT NULL,
	CONSTRAINT "video_tokens_caption_id_position_pk" PRIMARY KEY("caption_id","position"),
	CONSTRAINT "video_tokens_span" CHECK ("video_tokens"."char_start" >= 0 and "video_tokens"."char_end" > "video_tokens"."char_start")
);
--> statement-breakpoint
CREATE TABLE "word_statuses" (
	"user_id" uuid NOT NULL,
	"language" varchar(8) NOT NULL,
	"lemma" text NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "word_statuses_user_id_language_lemma_pk" PRIMARY KEY("user_id","language","lemma"),
	CONSTRAINT "word_statuses_status_known" CHECK ("word_statuses"."status" in ('learning', 'known', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "video_lemmas" ADD CONSTRAINT "video_lemmas_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tokens" ADD CONSTRAINT "video_tokens_caption_id_captions_id_fk" FOREIGN KEY ("caption_id") REFERENCES "public"."captions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_statuses" ADD CONSTRAINT "word_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_statuses" ADD CONSTRAINT "word_statuses_language_languages_code_fk" FOREIGN KEY ("language") REFERENCES "public"."languages"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_tokens_video_idx" ON "video_tokens" USING btree ("video_id","caption_id","position");