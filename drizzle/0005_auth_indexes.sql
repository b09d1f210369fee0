CREATE INDEX "auth_flow_state_user_idx" ON "embedded_auth"."flow_state" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_one_time_tokens_flow_state_idx" ON "embedded_auth"."one_time_tokens" USING btree ("flow_state_id");--> statement-breakpoint
CREATE INDEX "auth_one_time_tokens_created_idx" ON "embedded_auth"."one_time_tokens" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "auth_refresh_tokens_user_idx" ON "embedded_auth"."refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_refresh_tokens_revoked_updated_idx" ON "embedded_auth"."refresh_tokens" USING btree ("updated_at") WHERE "embedded_auth"."refresh_tokens"."revoked";--> statement-breakpoint
CREATE INDEX "auth_sessions_factor_idx" ON "embedded_auth"."sessions" USING btree ("factor_id");