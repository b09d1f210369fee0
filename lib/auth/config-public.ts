/** Auth settings shared by server and browser code (no server-only imports here). */

/** Both sides store the session under one cookie name, whatever host the app is reached on. */
export const AUTH_COOKIE_NAME = "sb-lingoreel-auth-token";

export type PublicAuthConfig = {
  /** Empty in embedded mode: the browser uses its own origin. */
  supabaseUrl: string;
  supabaseAnonKey: string;
};
