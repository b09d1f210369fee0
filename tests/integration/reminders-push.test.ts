/**
 * Reminders by Web Push, on PGlite and Postgres, against a local push service that checks VAPID
 * and decrypts as a browser's push service would (scripts/standins/push-service.ts): a learner's
 * devices subscribe (only to push services the server may send to), the reminder pass and the test
 * button reach every device with the message in the learner's language, a device the service says
 * is gone is dropped, and each learner keeps a bounded number of devices. The routes, for every role.
 */
import { createECDH, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import https from "node:https";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getKey } from "@/app/api/push/key/route";
import { DELETE as deleteSubscription, POST as postSubscription } from "@/app/api/push/subscriptions/route";
import { POST as postTest } from "@/app/api/reminders/test/route";
import { pushSubscriptions, users, wordCards } from "@/db/schema";
import { runReminderPass } from "@/lib/reminders/pass";
import { MAX_PUSH_DEVICES } from "@/lib/services/reminders";
import { setEnv } from "@/scripts/standins/env";
import { decryptPush, encryptPushForTest, startPushService, type PushService, type PushSubscriptionJson } from "@/scripts/standins/push-service";
import { seedActors, type Actor } from "../helpers/app";
import { testDbKinds, useTestDb } from "../helpers/db";
import { call } from "../helpers/learner-api";

describe("the push service stand-in", () => {
  it("decrypts what RFC 8291 encrypts for a subscription, and refuses a message without VAPID", async () => {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const subscription = { endpoint: "http://x/push/1", keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } };
    expect(decryptPush(encryptPushForTest("héllo 🌍", subscription), { ecdh, auth })).toBe("héllo 🌍");
    expect(() => decryptPush(encryptPushForTest("x", subscription), { ecdh, auth: randomBytes(16) })).toThrow();

    const service = await startPushService();
    try {
      const device = service.subscribe();
      const status = await new Promise<number>((resolve, reject) => {
        const request = https.request(device.endpoint, { method: "POST", ca: readFileSync(service.caFile), headers: { "content-encoding": "aes128gcm", ttl: "60" } }, (response) => {
          response.resume();
          resolve(response.statusCode!);
        });
        request.on("error", reject);
        request.end(encryptPushForTest("x", device));
      });
      expect(status).toBe(403);
      expect(service.refused[0]!.reason).toBe("no vapid Authorization header");
    } finally {
      await service.close();
    }
  });
});

describe.each(testDbKinds)("reminders by Web Push on %s", (kind) => {
  const t = useTestDb(kind, { app: true });
  let service: PushService;
  let learner: Actor, other: Actor, admin: Actor, owner: Actor;

  beforeAll(async () => {
    service = await startPushService();
    setEnv({ PUSH_SERVICE_HOSTS: service.host, PUSH_SERVICE_CA: service.caFile });
    ({ learner, otherLearner: other, admin, owner } = await seedActors(t().db, "push"));
  });
  afterAll(async () => {
    setEnv({ PUSH_SERVICE_HOSTS: undefined, PUSH_SERVICE_CA: undefined });
    await service.close();
  });

  const subscribe = (who: Actor | null, body: unknown) => call(postSubscription, "/api/push/subscriptions", { method: "POST", token: who?.token, body });
  const messagesTo = (subscription: PushSubscriptionJson) => service.received.filter((m) => m.endpoint === subscription.endpoint).map((m) => JSON.parse(m.payload));

  it("gives signed-in browsers the server's VAPID key, the same on every call", async () => {
    expect((await call(getKey, "/api/push/key")).status).toBe(401);
    const first = await call(getKey, "/api/push/key", { token: learner.token });
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.publicKey, "base64url")).toHaveLength(65);
    for (const who of [other, admin, owner]) expect((await call(getKey, "/api/push/key", { token: who.token })).body).toEqual(first.body);
  });

  it("sends the day's reminder to each of the learner's devices, in their language, and a tap opens the review", async () => {
    const phone = service.subscribe();
    const laptop = service.subscribe();
    expect(await subscribe(learner, phone)).toEqual({ status: 200, body: { subscribed: true, devices: 1 } });
    expect(await subscribe(learner, { ...laptop, expirationTime: null })).toEqual({ status: 200, body: { subscribed: true, devices: 2 } });
    // By push alone: email reminders off.
    const now = new Date("2026-06-10T17:00:00Z");
    await t().db.update(users).set({ timeZone: "Europe/Berlin", dayTimeZone: "Europe/Berlin", reminderEmail: false, interfaceLanguage: "fr", reminderNextAt: now }).where(eq(users.id, learner.id));
    await t().db.insert(wordCards).values({ userId: learner.id, language: "es", lemma: "perro", due: new Date("2026-06-09T00:00:00Z") });

    expect(await runReminderPass(t().db, { now })).toMatchObject({ sent: 1, failed: 0 });
    const expected = { title: "1 mot attend votre révision", url: "/review", badge: 1 };
    expect(messagesTo(phone)).toEqual([expect.objectContaining(expected)]);
    expect(messagesTo(laptop)).toEqual([expect.objectContaining(expected)]);
    expect(messagesTo(phone)[0].body).toContain("1 mot attend votre révision.");
    const [delivery] = service.received.filter((m) => m.endpoint === phone.endpoint);
    expect(delivery).toMatchObject({ ttl: 43200, urgency: "normal", topic: "reminder", vapid: { aud: service.origin, sub: expect.stringMatching(/^(mailto:|https:)/) } });
    expect(delivery!.vapid.publicKey).toBe((await call(getKey, "/api/push/key", { token: learner.token })).body.publicKey);
  });

  it("drops a device its push service says is gone", async () => {
    const device = service.subscribe();
    await subscribe(other, device);
    service.unsubscribe(device.endpoint);
    const sent = await call(postTest, "/api/reminders/test", { method: "POST", token: other.token });
    expect(sent).toEqual({ status: 200, body: { email: other.email, devices: 0 } });
    expect(await t().db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
  });

  it("sends a test reminder to the caller's devices and keeps at most the newest devices", async () => {
    const devices = Array.from({ length: MAX_PUSH_DEVICES + 2 }, () => service.subscribe());
    for (const device of devices) expect((await subscribe(admin, device)).status).toBe(200);
    const kept = await t().db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, admin.id));
    expect(kept.map((r) => r.endpoint).sort()).toEqual(devices.slice(2).map((d) => d.endpoint).sort());
    const sent = await call(postTest, "/api/reminders/test", { method: "POST", token: admin.token });
    expect(sent).toEqual({ status: 200, body: { email: admin.email, devices: MAX_PUSH_DEVICES } });
    expect(messagesTo(devices[2]!)).toEqual([
      { title: "Test reminder from LingoReel", body: "Right now nothing is due and today's goal is met, so today you would get no reminder.", url: "/home", badge: 0 },
    ]);
    expect(messagesTo(devices[0]!)).toEqual([]);
  });

  it("moves a browser's subscription to whoever signs in on it, and lets only its owner drop it", async () => {
    const shared = service.subscribe();
    await subscribe(owner, shared);
    await subscribe(other, shared);
    const [row] = await t().db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(row!.userId).toBe(other.id);
    const drop = (who: Actor | null) => call(deleteSubscription, "/api/push/subscriptions", { method: "DELETE", token: who?.token, body: { endpoint: shared.endpoint } });
    expect((await drop(null)).status).toBe(401);
    expect(await drop(owner)).toEqual({ status: 200, body: { unsubscribed: false } });
    expect(await drop(other)).toEqual({ status: 200, body: { unsubscribed: true } });
  });

  it("refuses endpoints that are no push service it may send to, and malformed keys, with a 400", async () => {
    const good = service.subscribe();
    for (const [body, message] of [
      [{ ...good, endpoint: "http://127.0.0.1:5432/" }, "endpoint is not a push service this server sends to"],
      [{ ...good, endpoint: good.endpoint.replace("https:", "http:") }, "endpoint is not a push service this server sends to"],
      [{ ...good, endpoint: "https://evil.example/push" }, "endpoint is not a push service this server sends to"],
      [{ ...good, endpoint: "https://fcm.googleapis.com:8443/fcm/send/x" }, "endpoint is not a push service this server sends to"],
      [{ ...good, endpoint: "https://user:pw@fcm.googleapis.com/fcm/send/x" }, "endpoint is not a push service this server sends to"],
      [{ ...good, endpoint: "not a url" }, "endpoint: endpoint must be a URL"],
      [{ ...good, keys: { ...good.keys, p256dh: "short" } }, "keys.p256dh: keys.p256dh must be 65 bytes of base64url"],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth.slice(0, -1)}=` } }, "keys.auth: keys.auth must be 16 bytes of base64url"],
      [{ endpoint: good.endpoint }, undefined],
      [{ ...good, endpoint: `${good.endpoint}\u0000` }, undefined],
    ] as const) {
      const refused = await subscribe(learner, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      if (message) expect(refused.body.message).toBe(message);
    }
    // Real push services are fine without being configured.
    const fcm = { ...good, endpoint: "https://fcm.googleapis.com/fcm/send/abc" };
    expect((await subscribe(learner, fcm)).status).toBe(200);
    expect((await subscribe(null, fcm)).status).toBe(401);
  });
});
