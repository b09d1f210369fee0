CREATE SCHEMA "embedded_auth";
--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('user', 'admin', 'owner');--> statement-breakpoint
CREATE TYPE "public"."video_status" AS ENUM('pending', 'processing', 'processed', 'active', 'ready', 'unpublished', 'failed', 'error');--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captions" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"segment_index" integer NOT NULL,
	"text" text NOT NULL,
	"start_time" integer NOT NULL,
	"end_time" integer NOT NULL,
	CONSTRAINT "captions_times_ordered" CHECK ("captions"."start_time" >= 0 and "captions"."end_time" >= "captions"."start_time")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_not_blank" CHECK (length(btrim("categories"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "daily_progress" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"quizzes_completed" integer DEFAULT 0 NOT NULL,
	"correct_answers" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_progress_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "daily_progress_non_negative" CHECK ("daily_progress"."quizzes_completed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" uuid NOT NULL,
	"video_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" varchar(8) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"native_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"word_id" integer NOT NULL,
	"native_language" varchar(8) NOT NULL,
	"question" text,
	"options" jsonb NOT NULL,
	"correct_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_correct_index_valid" CHECK ("quizzes"."correct_index" >= 0 and "quizzes"."correct_index" < jsonb_array_length("quizzes"."options"))
);
--> statement-breakpoint
CREATE TABLE "segment_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"caption_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"translated_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_word_progress" (
	"user_id" uuid NOT NULL,
	"word_id" integer NOT NULL,
	"learned" boolean DEFAULT false NOT NULL,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"incorrect_count" integer DEFAULT 0 NOT NULL,
	"last_answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_word_progress_user_id_word_id_pk" PRIMARY KEY("user_id","word_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"username" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"role" "user_role" DEFAULT 'user' NOT NULL,
	"native_language" varchar(8),
	"target_language" varchar(8),
	"daily_goal" integer DEFAULT 30 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"show_definitions" boolean DEFAULT true NOT NULL,
	"pause_on_highlight" boolean DEFAULT true NOT NULL,
	"enable_notifications" boolean DEFAULT true NOT NULL,
	"autoplay_videos" boolean DEFAULT false NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"longest_streak" integer DEFAULT 0 NOT NULL,
	"last_active_date" date,
	"last_login_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_daily_goal_positive" CHECK ("users"."daily_goal" >= 1),
	CONSTRAINT "users_streak_non_negative" CHECK ("users"."streak" >= 0)
);
--> statement-breakpoint
CREATE TABLE "video_categories" (
	"video_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "video_categories_video_id_category_id_pk" PRIMARY KEY("video_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "video_progress" (
	"user_id" uuid NOT NULL,
	"video_id" integer NOT NULL,
	"position_ms" integer DEFAULT 0 NOT NULL,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"last_watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_progress_user_id_video_id_pk" PRIMARY KEY("user_id","video_id"),
	CONSTRAINT "video_progress_percent_range" CHECK ("video_progress"."progress_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"youtube_id" varchar(11),
	"title" text NOT NULL,
	"description" text,
	"thumbnail" text,
	"category_id" integer,
	"target_language" varchar(8) DEFAULT 'en' NOT NULL,
	"status" "video_status" DEFAULT 'pending' NOT NULL,
	"processing_progress" integer DEFAULT 0 NOT NULL,
	"error_reason" text,
	"media_path" text,
	"media_type" text,
	"duration_ms" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_progress_range" CHECK ("videos"."processing_progress" between 0 and 100),
	CONSTRAINT "videos_source_present" CHECK ("videos"."youtube_id" is not null or "videos"."media_path" is not null),
	CONSTRAINT "videos_duration_non_negative" CHECK ("videos"."duration_ms" is null or "videos"."duration_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "word_timings" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"caption_id" integer,
	"word_index" integer NOT NULL,
	"word" text NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer,
	CONSTRAINT "word_timings_times_ordered" CHECK ("word_timings"."start_ms" >= 0 and ("word_timings"."end_ms" is null or "word_timings"."end_ms" >= "word_timings"."start_ms"))
);
--> statement-breakpoint
CREATE TABLE "word_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"word_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"translation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "words" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" integer NOT NULL,
	"caption_id" integer,
	"word" text NOT NULL,
	"context" text,
	"timestamp_ms" integer NOT NULL,
	"quiz_time_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "words_times_non_negative" CHECK ("words"."timestamp_ms" >= 0 and ("words"."quiz_time_ms" is null or "words"."quiz_time_ms" >= 0))
);
--> statement-breakpoint
CREATE TABLE "embedded_auth"."flow_state" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"auth_code" text NOT NULL,
	"code_challenge" text NOT NULL,
	"code_challenge_method" text NOT NULL,
	"authentication_method" text NOT NULL,
	"auth_code_issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_auth"."mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_auth"."mfa_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"factor_id" uuid NOT NULL,
	"ip" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_auth"."mfa_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"friendly_name" text,
	"factor_type" text NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"secret" text,
	"phone" text,
	"last_challenged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_auth"."one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_type" text NOT NULL,
	"token_hash" text NOT NULL,
	"relates_to" text NOT NULL,
	"flow_state_id" uuid,
	"redirect_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_auth"."refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"parent" text,
	"revoked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_auth"."sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"aal" text DEFAULT 'aal1' NOT NULL,
	"factor_id" uuid,
	"amr" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_agent" text,
	"ip" text,
	"not_after" timestamp with time zone,
	"refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_auth"."signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embedded_auth"."users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"aud" text DEFAULT 'authenticated' NOT NULL,
	"role" text DEFAULT 'authenticated' NOT NULL,
	"email" text NOT NULL,
	"encrypted_password" text NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"confirmation_sent_at" timestamp with time zone,
	"recovery_sent_at" timestamp with time zone,
	"email_change" text,
	"email_change_sent_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"raw_app_meta_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"raw_user_meta_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"banned_until" timestamp with time zone,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "captions" ADD CONSTRAINT "captions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_progress" ADD CONSTRAINT "daily_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_native_language_languages_code_fk" FOREIGN KEY ("native_language") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_translations" ADD CONSTRAINT "segment_translations_caption_id_captions_id_fk" FOREIGN KEY ("caption_id") REFERENCES "public"."captions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_translations" ADD CONSTRAINT "segment_translations_language_languages_code_fk" FOREIGN KEY ("language") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_word_progress" ADD CONSTRAINT "user_word_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_word_progress" ADD CONSTRAINT "user_word_progress_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_native_language_languages_code_fk" FOREIGN KEY ("native_language") REFERENCES "public"."languages"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_target_language_languages_code_fk" FOREIGN KEY ("target_language") REFERENCES "public"."languages"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_categories" ADD CONSTRAINT "video_categories_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_categories" ADD CONSTRAINT "video_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_target_language_languages_code_fk" FOREIGN KEY ("target_language") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_timings" ADD CONSTRAINT "word_timings_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_timings" ADD CONSTRAINT "word_timings_caption_id_captions_id_fk" FOREIGN KEY ("caption_id") REFERENCES "public"."captions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_translations" ADD CONSTRAINT "word_translations_word_id_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_translations" ADD CONSTRAINT "word_translations_language_languages_code_fk" FOREIGN KEY ("language") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "words" ADD CONSTRAINT "words_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "words" ADD CONSTRAINT "words_caption_id_captions_id_fk" FOREIGN KEY ("caption_id") REFERENCES "public"."captions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_auth"."flow_state" ADD CONSTRAINT "flow_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "embedded_auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_auth"."mfa_challenges" ADD CONSTRAINT "mfa_challenges_factor_id_mfa_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "embedded_auth"."mfa_factors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_auth"."mfa_factors" ADD CONSTRAINT "mfa_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "embedded_auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_auth"."one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "embedded_auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_auth"."one_time_tokens" ADD CONSTRAINT "one_time_tokens_flow_state_id_flow_state_id_fk" FOREIGN KEY ("flow_state_id") REFERENCES "embedded_auth"."flow_state"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_auth"."refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "embedded_auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_auth"."refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "embedded_auth"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embedded_auth"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "embedded_auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "captions_video_segment_idx" ON "captions" USING btree ("video_id","segment_index");--> statement-breakpoint
CREATE INDEX "captions_video_start_idx" ON "captions" USING btree ("video_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_idx" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "favorites_video_idx" ON "favorites" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quizzes_word_lang_idx" ON "quizzes" USING btree ("word_id","native_language");--> statement-breakpoint
CREATE UNIQUE INDEX "segment_translations_caption_lang_idx" ON "segment_translations" USING btree ("caption_id","language");--> statement-breakpoint
CREATE INDEX "user_word_progress_word_idx" ON "user_word_progress" USING btree ("word_id");--> statement-breakpoint
CREATE INDEX "user_word_progress_learned_idx" ON "user_word_progress" USING btree ("user_id") WHERE "user_word_progress"."learned";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "video_categories_category_idx" ON "video_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "video_progress_user_recent_idx" ON "video_progress" USING btree ("user_id","last_watched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "video_progress_video_idx" ON "video_progress" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "videos_status_idx" ON "videos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "videos_created_at_idx" ON "videos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "videos_category_id_idx" ON "videos" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "videos_target_language_idx" ON "videos" USING btree ("target_language");--> statement-breakpoint
CREATE INDEX "videos_youtube_id_idx" ON "videos" USING btree ("youtube_id");--> statement-breakpoint
CREATE INDEX "videos_title_trgm_idx" ON "videos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "videos_description_trgm_idx" ON "videos" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "word_timings_video_index_idx" ON "word_timings" USING btree ("video_id","word_index");--> statement-breakpoint
CREATE INDEX "word_timings_caption_idx" ON "word_timings" USING btree ("caption_id");--> statement-breakpoint
CREATE UNIQUE INDEX "word_translations_word_lang_idx" ON "word_translations" USING btree ("word_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "words_video_word_idx" ON "words" USING btree ("video_id",lower("word"));--> statement-breakpoint
CREATE INDEX "words_video_timestamp_idx" ON "words" USING btree ("video_id","timestamp_ms");--> statement-breakpoint
CREATE INDEX "words_caption_idx" ON "words" USING btree ("caption_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_flow_state_code_idx" ON "embedded_auth"."flow_state" USING btree ("auth_code");--> statement-breakpoint
CREATE INDEX "auth_flow_state_created_idx" ON "embedded_auth"."flow_state" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "auth_mail_to_idx" ON "embedded_auth"."mail" USING btree (lower("to_address"),"created_at");--> statement-breakpoint
CREATE INDEX "auth_mfa_challenges_factor_idx" ON "embedded_auth"."mfa_challenges" USING btree ("factor_id");--> statement-breakpoint
CREATE INDEX "auth_mfa_factors_user_idx" ON "embedded_auth"."mfa_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_mfa_factors_user_name_idx" ON "embedded_auth"."mfa_factors" USING btree ("user_id","friendly_name") WHERE "embedded_auth"."mfa_factors"."friendly_name" is not null and "embedded_auth"."mfa_factors"."friendly_name" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "auth_one_time_tokens_user_type_idx" ON "embedded_auth"."one_time_tokens" USING btree ("user_id","token_type");--> statement-breakpoint
CREATE INDEX "auth_one_time_tokens_hash_idx" ON "embedded_auth"."one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_refresh_tokens_token_idx" ON "embedded_auth"."refresh_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "auth_refresh_tokens_session_idx" ON "embedded_auth"."refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "auth_refresh_tokens_parent_idx" ON "embedded_auth"."refresh_tokens" USING btree ("parent");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "embedded_auth"."sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_users_email_lower_idx" ON "embedded_auth"."users" USING btree (lower("email"));