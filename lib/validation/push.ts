/** A browser's Web Push subscription as PushSubscription.toJSON() gives it (POST /api/push/subscriptions). */
import { z } from "zod";

const base64url = (name: string, bytes: number) =>
  z
    .string({ message: `${name} must be a string` })
    // Unpadded base64url of exactly `bytes` bytes, as browsers send them.
    .length(Math.ceil((bytes * 4) / 3), `${name} must be ${bytes} bytes of base64url`)
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be ${bytes} bytes of base64url`);

export const pushEndpointSchema = z.url({ message: "endpoint must be a URL" }).max(2048, "endpoint must be at most 2048 characters");

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  // Browsers send it; it says nothing the server needs.
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 public key (65 bytes) and a 16-byte auth secret (RFC 8291).
    p256dh: base64url("keys.p256dh", 65),
    auth: base64url("keys.auth", 16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });
