/** This device's Web Push subscription for the signed-in learner's reminders: kept (POST) or dropped (DELETE). */
import { route } from "@/lib/api/handler";
import { subscribePush, unsubscribePush } from "@/lib/services/reminders";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "@/lib/validation/push";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 8 * 1024;

export const POST = route({ body: pushSubscriptionSchema, maxBodyBytes: MAX_BODY_BYTES }, ({ db, user, body }) => subscribePush(db, user, body));

export const DELETE = route({ body: pushUnsubscribeSchema, maxBodyBytes: MAX_BODY_BYTES }, ({ db, user, body }) => unsubscribePush(db, user, body.endpoint));
