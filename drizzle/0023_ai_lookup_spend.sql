CREATE TABLE "ai_lookup_spend" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ai_lookup_spend_created_idx" ON "ai_lookup_spend" USING btree ("created_at");