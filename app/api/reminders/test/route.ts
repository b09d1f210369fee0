/** Sends the signed-in learner a test reminder by email now. */
import { route } from "@/lib/api/handler";
import { sendTestReminder } from "@/lib/services/reminders";

export const dynamic = "force-dynamic";

export const POST = route({}, ({ db, user }) => sendTestReminder(db, user));
