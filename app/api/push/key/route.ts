/** The server's VAPID public key, for a browser subscribing to reminders (PushManager.subscribe). */
import { route } from "@/lib/api/handler";
import { pushPublicKey } from "@/lib/services/reminders";

export const dynamic = "force-dynamic";

export const GET = route({}, ({ db }) => pushPublicKey(db));
