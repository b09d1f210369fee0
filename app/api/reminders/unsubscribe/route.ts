/**
 * Stops a learner's reminder emails from the link in one (RFC 8058 one-click: the mail client
 * POSTs `List-Unsubscribe=One-Click`; the unsubscribe page POSTs too). No sign-in: the token is the proof.
 */
import { z } from "zod";
import { route } from "@/lib/api/handler";
import { unsubscribeFromReminderEmails } from "@/lib/services/reminders";

export const dynamic = "force-dynamic";

const query = z.object({ token: z.uuid({ message: "This unsubscribe link is not valid" }) });

export const POST = route({ auth: false, query }, ({ db, query }) => unsubscribeFromReminderEmails(db, query.token));
