CREATE TABLE "video_comprehension" (
	"user_id" uuid NOT NULL,
	"video_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"video_updated_at" timestamp with time zone NOT NULL,
	"lemmas" integer NOT NULL,
	"known_halves" integer NOT NULL,
	"counted" integer NOT NULL,
	CONSTRAINT "video_comprehension_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "video_comprehension" ADD CONSTRAINT "video_comprehension_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comprehension" ADD CONSTRAINT "video_comprehension_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_comprehension" ADD CONSTRAINT "video_comprehension_language_languages_code_fk" FOREIGN KEY ("language") REFERENCES "public"."languages"("code") ON DELETE cascade ON UPDATE no action;