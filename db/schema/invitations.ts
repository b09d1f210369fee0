/**
 * Invitations (lib/invitations): an owner asks someone in by email with a role; the invitee's
 * account is made at once (waiting for its link) and takes the role the first time it signs in.
 */
import { sql } from "drizzle-orm";
import { index, pgTable, timestamp, uniqueIndex, uuid, text } from "drizzle-orm/pg-core";
import { userRole, users } from "./app";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: userRole("role").notNull().default("user"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    /** The sign-in account made for the invitee (embedded server or hosted Supabase). */
    authUserId: uuid("auth_user_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** When the latest invitation email went out (a resend moves it and the expiry). */
    sentAt: ts("sent_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
  },
  (t) => [
    // One open invitation an address.
    uniqueIndex("invitations_pending_email_idx").on(sql`lower(${t.email})`).where(sql`${t.acceptedAt} is null`),
    index("invitations_auth_user_idx").on(t.authUserId),
  ],
);

export type Invitation = typeof invitations.$inferSelect;
