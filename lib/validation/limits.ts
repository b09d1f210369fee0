/** Page sizes of the lists, without zod: the browser's query keys and data hooks use them too. */
export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 50;
/**
 * GET /api/videos for admins and owners: the admin's Content Directory lists every video in one
 * answer (it polls while videos process, so one request beats paging); learners keep LIST_LIMIT_MAX.
 */
export const LIST_LIMIT_STAFF_MAX = 500;

/** Cards the review screen fetches at once (and its page sends with the HTML); it asks for more when they are answered. */
export const REVIEW_BATCH = 10;

/**
 * Most characters of one caption's text (markup removed) in an uploaded subtitle file: real
 * captions are under about 200, and a line is sent to the AI and tokenized wherever it is shown.
 */
export const CAPTION_TEXT_MAX = 500;
/**
 * Most characters of one line in a prompt to the AI: a longer line (a transcript's, or a caption
 * saved before CAPTION_TEXT_MAX) is cut at a word, so that one line never costs more than a few.
 */
export const AI_LINE_MAX = 1_000;

/** Most characters of a learner's note on a word (the popover, the review card and the word list take it). */
export const WORD_NOTE_MAX = 2_000;

/** The daily goal's choices in onboarding, its default and the most Settings takes (minutes a day). */
export const DAILY_GOAL_OPTIONS = [15, 30, 60, 90] as const;
export const DEFAULT_DAILY_GOAL = 30;
export const DAILY_GOAL_INPUT_MAX = 480;

/** How often the player quizzes, and the bounds of the seconds between quizzes when spaced. */
export const QUIZ_FREQUENCIES = ["every", "spaced", "off"] as const;
export const QUIZ_GAP_MIN_SECONDS = 10;
export const QUIZ_GAP_MAX_SECONDS = 600;

/** Reminders come between these local times (quiet hours are the rest), on the half hour. */
export const REMINDER_EARLIEST = "08:00";
export const REMINDER_LATEST = "21:30";
export const DEFAULT_REMINDER_TIME = "19:00";
/** The local time after which a reminder not yet sent waits for tomorrow. */
export const QUIET_HOURS_START = "22:00";
