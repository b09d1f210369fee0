CREATE TABLE "word_cards" (
	"user_id" uuid NOT NULL,
	"language" varchar(8) NOT NULL,
	"lemma" text NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "word_cards_user_id_language_lemma_pk" PRIMARY KEY("user_id","language","lemma"),
	CONSTRAINT "word_cards_state" CHECK ("word_cards"."state" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "word_reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "word_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"language" varchar(8) NOT NULL,
	"lemma" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"video_id" integer,
	"rating" smallint NOT NULL,
	"state" smallint,
	"due" timestamp with time zone,
	"stability" double precision,
	"difficulty" double precision,
	"elapsed_days" integer,
	"last_elapsed_days" integer,
	"scheduled_days" integer,
	"learning_steps" integer,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "word_reviews_rating" CHECK ("word_reviews"."rating" between 1 and 4),
	CONSTRAINT "word_reviews_kind" CHECK ("word_reviews"."kind" in ('review', 'exposure', 'practice')),
	CONSTRAINT "word_reviews_source" CHECK ("word_reviews"."source" in ('review', 'quiz', 'video-review'))
);
--> statement-breakpoint
ALTER TABLE "word_cards" ADD CONSTRAINT "word_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_cards" ADD CONSTRAINT "word_cards_language_languages_code_fk" FOREIGN KEY ("language") REFERENCES "public"."languages"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_reviews" ADD CONSTRAINT "word_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_reviews" ADD CONSTRAINT "word_reviews_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_cards_user_due_idx" ON "word_cards" USING btree ("user_id","due");--> statement-breakpoint
CREATE INDEX "word_reviews_card_idx" ON "word_reviews" USING btree ("user_id","language","lemma","reviewed_at");--> statement-breakpoint
CREATE INDEX "video_lemmas_lemma_idx" ON "video_lemmas" USING btree ("lemma","video_id");