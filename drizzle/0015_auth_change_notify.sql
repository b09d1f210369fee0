-- Processes that remember live sessions and their app users (db/session-cache.ts) forget a
-- user's once any of these rows change: payload the user id, or "*" when a table is emptied.
CREATE OR REPLACE FUNCTION "public"."lingoreel_notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('lingoreel_auth_changed', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lingoreel_auth_changed', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lingoreel_auth_changed', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "public"."users" FOR EACH ROW EXECUTE FUNCTION "public"."lingoreel_notify_auth_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "users_auth_emptied" AFTER TRUNCATE ON "public"."users" FOR EACH STATEMENT EXECUTE FUNCTION "public"."lingoreel_notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OR DELETE ON "embedded_auth"."sessions" FOR EACH ROW EXECUTE FUNCTION "public"."lingoreel_notify_auth_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_emptied" AFTER TRUNCATE ON "embedded_auth"."sessions" FOR EACH STATEMENT EXECUTE FUNCTION "public"."lingoreel_notify_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "mfa_factors_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "embedded_auth"."mfa_factors" FOR EACH ROW EXECUTE FUNCTION "public"."lingoreel_notify_auth_changed"('user_id');
--> statement-breakpoint
CREATE TRIGGER "mfa_factors_auth_emptied" AFTER TRUNCATE ON "embedded_auth"."mfa_factors" FOR EACH STATEMENT EXECUTE FUNCTION "public"."lingoreel_notify_auth_changed"();
