/** GoTrue's admin API under /auth/v1/admin and /auth/v1/invite, for the service-role key only. */
import type { Route } from "../routes";

export const adminRoutes: Route[] = [];
