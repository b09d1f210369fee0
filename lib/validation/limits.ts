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
