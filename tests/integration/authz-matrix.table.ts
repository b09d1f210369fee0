/**
 * Who may call what: the expected HTTP status of every route handler under app/api, for each
 * caller, read by tests/integration/authz-matrix.test.ts. Every route file's exported methods
 * must have exactly one row here: a new route without a row fails that test.
 *
 * Each status string lists five columns, in this order:
 *
 *     anonymous  learner  otherLearner  admin  owner
 *
 * "otherLearner" is a second learner. On /api/users/{userId}/... routes {userId} is always the
 * first learner's id, so that column is one learner reaching for another's data. On
 * /api/admin/users/{userId}/... routes {userId} is a learner made for that one call, and on
 * /api/admin/invitations/{invitationId}/... an open invitation made for that one call.
 *
 * Rows whose path names a video ({id} or {videoId} under /api/videos, /api/users/favorites, a
 * word under /api/words) or whose body does, give one status string per video state:
 * published (status "active"), unpublished, failed (processing failed), and unknown (an id no
 * video has). Learners see published videos only; to them the others do not exist (404).
 *
 * Bodies are valid, so a status says who may act, not what was wrong with the request.
 * `fresh: true` rows change what they touch (delete, requeue, rename, a password): each call gets
 * its own videos, target user and, with `freshActors`, its own signed-in actors.
 */
import type { VideoFixture } from "../helpers/videos";

export const ACTORS = ["anonymous", "learner", "otherLearner", "admin", "owner"] as const;
export type ActorColumn = (typeof ACTORS)[number];
export const VIDEO_STATES = ["published", "unpublished", "failed", "unknown"] as const;
export type VideoStateColumn = (typeof VIDEO_STATES)[number];
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What a row's body and query may refer to. */
export type RowContext = {
  video: VideoFixture;
  learnerId: string;
  /** The email of the actor making the call (null when anonymous). */
  actorEmail: string | null;
  /** A number unique to the call, for names that must not repeat. */
  n: number;
};

export type Row = {
  route: string;
  method: Method;
  query?: string;
  body?: (ctx: RowContext) => unknown;
  fresh?: boolean;
  freshActors?: boolean;
  /** On /api/admin/users/{userId}/... routes: the target has signed up but not confirmed their email. */
  unconfirmedTarget?: boolean;
  expect: string | Record<VideoStateColumn, string>;
};

/** The usual answer for a learner-facing read of one video: learners see published ones only. */
const SEE_VIDEO = {
  published: "401 200 200 200 200",
  unpublished: "401 404 404 200 200",
  failed: "401 404 404 200 200",
  unknown: "401 404 404 404 404",
};
/** Admin and owner work on a video that exists; learners are refused whatever the id. */
const STAFF_VIDEO = {
  published: "401 403 403 200 200",
  unpublished: "401 403 403 200 200",
  failed: "401 403 403 200 200",
  unknown: "401 403 403 404 404",
};
/** The live segment editor: owners only. */
const OWNER_VIDEO = {
  published: "401 403 403 403 200",
  unpublished: "401 403 403 403 200",
  failed: "401 403 403 403 200",
  unknown: "401 403 403 403 404",
};

const SIGNED_IN = "401 200 200 200 200";
const ANYONE = "200 200 200 200 200";
const SEE_OTHER = "303 303 303 303 303";

export const AUTHZ_TABLE: Row[] = [
  // Administration (SPEC §6: owners only).
  { route: "/api/admin/users", method: "GET", expect: "401 403 403 403 200" },
  { route: "/api/admin/users/[userId]", method: "DELETE", fresh: true, expect: "401 403 403 403 200" },
  { route: "/api/admin/users/[userId]/role", method: "PATCH", fresh: true, body: () => ({ role: "admin" }), expect: "401 403 403 403 200" },
  { route: "/api/admin/users/[userId]/confirm-email", method: "POST", fresh: true, unconfirmedTarget: true, expect: "401 403 403 403 200" },
  { route: "/api/admin/invitations", method: "GET", expect: "401 403 403 403 200" },
  { route: "/api/admin/invitations", method: "POST", body: ({ n }) => ({ email: `invitee-${n}@example.com`, role: "admin" }), expect: "401 403 403 403 201" },
  { route: "/api/admin/invitations/[invitationId]", method: "DELETE", fresh: true, expect: "401 403 403 403 200" },
  { route: "/api/admin/invitations/[invitationId]/resend", method: "POST", fresh: true, expect: "401 403 403 403 200" },

  // Account and session.
  { route: "/api/auth/user", method: "GET", expect: SIGNED_IN },
  {
    route: "/api/auth/change-email",
    method: "POST",
    fresh: true,
    freshActors: true,
    body: ({ n }) => ({ currentPassword: "secret-123", newEmail: `moved-${n}@example.com` }),
    expect: "401 403 403 200 200",
  },
  {
    route: "/api/auth/change-password",
    method: "POST",
    fresh: true,
    freshActors: true,
    body: () => ({ currentPassword: "secret-123", newPassword: "secret-456", confirmPassword: "secret-456" }),
    expect: "401 403 403 200 200",
  },
  // Browser navigations: always back to a screen, signed in or not.
  { route: "/api/auth/logout", method: "GET", expect: SEE_OTHER },
  { route: "/api/auth/logout", method: "POST", expect: SEE_OTHER },
  { route: "/api/login", method: "GET", expect: SEE_OTHER },

  // Public.
  { route: "/api/health", method: "GET", expect: ANYONE },
  { route: "/api/languages", method: "GET", expect: ANYONE },
  // The dev mailbox is on in a fully embedded install without SMTP (README); the test runs as one.
  // A request that did not come through scripts/server.mjs has no address the app can trust as
  // this machine's, so only a signed-in owner reads it; to everyone else it does not exist.
  { route: "/api/dev/mailbox", method: "GET", query: "?to=nobody@example.com", expect: "404 404 404 404 200" },
  // An email's unsubscribe link works signed out: the token is the proof, and anyone without a real one is told it is not valid.
  { route: "/api/reminders/unsubscribe", method: "POST", query: "?token=00000000-0000-4000-8000-000000000000", expect: "404 404 404 404 404" },

  // The learner's own data.
  { route: "/api/settings", method: "GET", expect: SIGNED_IN },
  { route: "/api/settings", method: "POST", body: () => ({ dailyGoal: 20 }), expect: SIGNED_IN },
  // Web Push for reminders: the server's key, and this device's subscription (to a real push service's address, never sent to here).
  { route: "/api/push/key", method: "GET", expect: SIGNED_IN },
  {
    route: "/api/push/subscriptions",
    method: "POST",
    body: ({ n }) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${n}`, keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) } }),
    expect: SIGNED_IN,
  },
  { route: "/api/push/subscriptions", method: "DELETE", body: ({ n }) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${n}` }), expect: SIGNED_IN },
  // A test reminder goes to the caller's own address; one a minute, so each call has its own actors.
  { route: "/api/reminders/test", method: "POST", fresh: true, freshActors: true, expect: SIGNED_IN },
  { route: "/api/users", method: "GET", expect: SIGNED_IN },
  { route: "/api/users/daily-progress", method: "GET", expect: SIGNED_IN },
  { route: "/api/users/stats", method: "GET", expect: SIGNED_IN },
  { route: "/api/users/progress-videos", method: "GET", expect: SIGNED_IN },
  { route: "/api/users/favorites", method: "GET", expect: SIGNED_IN },
  { route: "/api/users/favorites", method: "POST", body: ({ video }) => ({ videoId: video.id, action: "add" }), expect: SEE_VIDEO },
  { route: "/api/users/favorites/[videoId]", method: "GET", expect: SEE_VIDEO },
  {
    // A quiz answer, for the first learner only, on a word of a video they may see.
    route: "/api/users/[userId]/words",
    method: "POST",
    body: ({ video, learnerId }) => ({ userId: learnerId, wordId: video.wordId, correct: 1, incorrect: 0 }),
    expect: {
      published: "401 200 403 403 403",
      unpublished: "401 404 403 403 403",
      failed: "401 404 403 403 403",
      unknown: "401 404 403 403 403",
    },
  },

  // Study time, added to the first learner's day by that learner only.
  { route: "/api/users/[userId]/study-time", method: "POST", body: () => ({ seconds: 10 }), expect: "401 200 403 403 403" },

  // Word statuses: each signed-in caller sets their own.
  // Saving the word gives each caller the card /api/review/answers grades below (an answer to a word without a card is 404).
  { route: "/api/words/status", method: "PUT", body: () => ({ language: "es", lemma: "café", status: "learning" }), expect: SIGNED_IN },
  // Spaced repetition: each signed-in caller reads and grades their own cards (tests/integration/word-cards.test.ts: cards per learner).
  { route: "/api/review/due", method: "GET", expect: SIGNED_IN },
  { route: "/api/review/summary", method: "GET", expect: SIGNED_IN },
  { route: "/api/review/answers", method: "POST", body: () => ({ language: "es", lemma: "café", grade: "good" }), expect: SIGNED_IN },

  // Videos: lists and search.
  { route: "/api/videos", method: "GET", expect: SIGNED_IN },
  { route: "/api/videos/popular", method: "GET", expect: SIGNED_IN },
  { route: "/api/videos/recommended", method: "GET", expect: SIGNED_IN },
  { route: "/api/videos/languages", method: "GET", expect: SIGNED_IN },
  { route: "/api/categories", method: "GET", expect: SIGNED_IN },
  { route: "/api/categories", method: "POST", body: ({ n }) => ({ name: `Category ${n}` }), expect: "401 403 403 201 201" },
  {
    route: "/api/videos",
    method: "POST",
    body: ({ n }) => ({ youtubeId: "abcdefghijk", title: `Added ${n}`, targetLanguage: "es" }),
    expect: "401 403 403 201 201",
  },

  // One video, as the player reads it.
  { route: "/api/videos/[id]", method: "GET", expect: SEE_VIDEO },
  { route: "/api/videos/[id]/captions", method: "GET", expect: SEE_VIDEO },
  { route: "/api/videos/[id]/words", method: "GET", expect: SEE_VIDEO },
  { route: "/api/videos/[id]/word-timings", method: "GET", expect: SEE_VIDEO },
  { route: "/api/videos/[id]/tokens", method: "GET", expect: SEE_VIDEO },
  // The caller's own due words quizzed in the video (tests/integration/video-reviews.test.ts: another learner's cards never show).
  { route: "/api/videos/[id]/due-reviews", method: "GET", expect: SEE_VIDEO },
  { route: "/api/videos/[id]/segment-translations", method: "GET", query: "?language=en", expect: SEE_VIDEO },
  { route: "/api/videos/[id]/media", method: "GET", expect: SEE_VIDEO },
  { route: "/api/videos/[id]/thumbnail", method: "GET", expect: SEE_VIDEO },
  { route: "/api/words/[id]/quiz", method: "GET", query: "?nativeLanguage=en", expect: SEE_VIDEO },
  // A word's meaning and the learner's own note on it (tests/integration/word-lookup.test.ts covers lines and notes per learner).
  { route: "/api/words/lookup", method: "GET", query: "?language=es&nativeLanguage=en&surface=leche", expect: SIGNED_IN },
  { route: "/api/words/notes", method: "PUT", body: () => ({ language: "es", lemma: "leche", note: "milk" }), expect: SIGNED_IN },
  { route: "/api/words/notes", method: "DELETE", query: "?language=es&lemma=leche", expect: SIGNED_IN },
  // A learner's saved words and their exports: every signed-in caller gets their own (tests/integration/word-export.test.ts).
  { route: "/api/words/saved", method: "GET", query: "?language=es&limit=20", expect: SIGNED_IN },
  // Taking a word off one's own list, and putting one on it (tests/integration/saved-words-manage.test.ts: never another learner's).
  { route: "/api/words/saved", method: "DELETE", query: "?language=es&lemma=leche", expect: SIGNED_IN },
  { route: "/api/words/saved", method: "PUT", body: () => ({ language: "es", lemma: "leche" }), expect: SIGNED_IN },
  { route: "/api/words/export", method: "GET", query: "?format=tsv", expect: SIGNED_IN },

  // One video, as admins and owners change it.
  { route: "/api/videos/[id]", method: "PUT", fresh: true, body: ({ n }) => ({ title: `Renamed ${n}` }), expect: STAFF_VIDEO },
  { route: "/api/videos/[id]", method: "DELETE", fresh: true, expect: STAFF_VIDEO },
  { route: "/api/videos/[id]/categories", method: "GET", expect: STAFF_VIDEO },
  { route: "/api/videos/[id]/categories", method: "PUT", fresh: true, body: () => ({ categoryIds: [] }), expect: STAFF_VIDEO },
  { route: "/api/videos/[id]/extract-vocabulary", method: "POST", fresh: true, body: () => ({}), expect: STAFF_VIDEO },
  { route: "/api/videos/[id]/generate-translations", method: "POST", fresh: true, body: () => ({ action: "regenerate" }), expect: STAFF_VIDEO },
  { route: "/api/videos/[id]/regenerate-quizzes", method: "POST", fresh: true, body: () => ({}), expect: STAFF_VIDEO },
  // How the latest translation or quiz job stands, and what it made.
  { route: "/api/videos/[id]/generate-translations", method: "GET", expect: STAFF_VIDEO },
  { route: "/api/videos/[id]/regenerate-quizzes", method: "GET", expect: STAFF_VIDEO },
  {
    // Only a failed video can be retried; the others are answered 409 (nothing to retry).
    route: "/api/videos/[id]/retry",
    method: "POST",
    fresh: true,
    body: () => ({}),
    expect: { ...STAFF_VIDEO, published: "401 403 403 409 409", unpublished: "401 403 403 409 409" },
  },
  {
    route: "/api/videos/[id]/segments/[segmentId]/update",
    method: "POST",
    fresh: true,
    body: () => ({ newText: "Quiero un café con leche, por favor." }),
    expect: OWNER_VIDEO,
  },
  {
    route: "/api/videos/[id]/segments/[segmentId]/reselect-words",
    method: "POST",
    fresh: true,
    body: () => ({ newHighlightedWord: "leche" }),
    expect: OWNER_VIDEO,
  },
];

/** The path segments a route names in brackets, filled in: the URL path and Next's params object. */
export function fillRoute(route: string, values: Record<string, string>): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const path = route.replace(/\[(\w+)\]/g, (_all, name: string) => {
    const value = values[name] ?? "";
    params[name] = value;
    return encodeURIComponent(value.toWellFormed());
  });
  return { path, params };
}
