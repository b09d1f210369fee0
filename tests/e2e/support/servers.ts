/**
 * The browser tests' servers (playwright.config.ts starts them; each project of specs has its own,
 * so two projects can run at once without sharing data):
 *  - the app (`npm start` on a fresh embedded database), with no AI provider, for learners' specs;
 *  - a second one like it for the video player's specs, and what only a real server shows of
 *    security (security.spec.ts, listen.spec.ts), so they run beside the learners' specs;
 *  - a second one like it for the staff's specs (admin, users, segment editor, security settings),
 *    which change content and the demo accounts;
 *  - the stand-ins app: its database holds a YouTube-only copy of a demo video, and YouTube's embed
 *    page and the OpenAI API are replaced by local stand-ins, so the player's YouTube adapter and
 *    the whole processing pipeline run in a real browser with no network;
 *  - the two stand-ins themselves.
 */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3917);
export const STAFF_APP_PORT = Number(process.env.E2E_STAFF_PORT ?? 3922);
export const PLAYER_APP_PORT = Number(process.env.E2E_PLAYER_PORT ?? 3918);
export const STANDINS_APP_PORT = Number(process.env.E2E_STANDINS_PORT ?? 3919);
export const YOUTUBE_EMBED_PORT = Number(process.env.E2E_EMBED_PORT ?? 3920);
export const OPENAI_STANDIN_PORT = Number(process.env.E2E_OPENAI_PORT ?? 3921);

export const appUrl = (port: number) => `http://127.0.0.1:${port}`;
export const YOUTUBE_EMBED_ORIGIN = `http://127.0.0.1:${YOUTUBE_EMBED_PORT}`;
export const OPENAI_STANDIN_ORIGIN = appUrl(OPENAI_STANDIN_PORT);
export const OPENAI_STANDIN_URL = `${OPENAI_STANDIN_ORIGIN}/v1`;
export const STANDINS_APP_URL = appUrl(STANDINS_APP_PORT);

/** The admin API's key on the invitation-only server (sign-ups off): test accounts are made through it there. */
export const E2E_SERVICE_ROLE_KEY = "sb_secret_e2e-invitation-only-server-key";
