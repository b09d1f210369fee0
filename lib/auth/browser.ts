"use client";
/** The browser's supabase-js client (one per tab), against hosted Supabase or the embedded server. */
import { createBrowserClient } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { AUTH_COOKIE_NAME, type PublicAuthConfig } from "./config-public";

let client: SupabaseClient | undefined;

export function getSupabaseBrowserClient(config: PublicAuthConfig): SupabaseClient {
  if (!client) {
    const url = config.supabaseUrl || window.location.origin;
    client = createBrowserClient(url, config.supabaseAnonKey, {
      cookieOptions: { name: AUTH_COOKIE_NAME },
      auth: { flowType: "pkce", detectSessionInUrl: true, autoRefreshToken: true, persistSession: true },
    });
  }
  return client;
}
