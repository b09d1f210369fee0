/** Page sizes of the video lists, without zod: the browser's query keys use them too. */
export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 50;
/**
 * GET /api/videos for admins and owners: the admin's Content Directory lists every video in one
 * answer (it polls while videos process, so one request beats paging); learners keep LIST_LIMIT_MAX.
 */
export const LIST_LIMIT_STAFF_MAX = 500;
