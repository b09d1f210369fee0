/**
 * Reminders by Web Push (RFC 8030, messages encrypted per RFC 8291, the server identified by VAPID,
 * RFC 8292) through `web-push`. Subscriptions only point at known push services (the server POSTs
 * to whatever a browser gave: no address inside the network), and one the service says is gone
 * (404, 410) is dropped.
 */
import "server-only";
import { readFileSync } from "node:fs";
import https from "node:https";
import { rootCertificates } from "node:tls";
import webpush from "web-push";
import type { DbOrTx } from "@/db/client";
import { deletePushSubscriptions, listPushSubscriptions, pushKeyPair } from "@/db/queries/reminders";
import { env } from "@/lib/env";
import { translatorFor } from "@/lib/i18n/translator";

/** The push services of Chrome/Edge/Android (FCM), Firefox, Safari and Windows. */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^android\.googleapis\.com$/, /(^|\.)push\.services\.mozilla\.com$/, /(^|\.)push\.apple\.com$/, /\.notify\.windows\.com$/];

/** Whether the server may send to this endpoint: https on a known push service, or on a host (and port) the operator allowed. */
export function allowedPushEndpoint(endpoint: string, extraHosts = env().push.extraHosts): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  if (extraHosts.includes(url.host.toLowerCase())) return true;
  return url.port === "" && PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname.toLowerCase()));
}

const agents = new Map<string, https.Agent>();

/** With PUSH_SERVICE_CA, push requests also trust that certificate authority (a push service of one's own). */
function pushAgent(): https.Agent | undefined {
  const file = env().push.caFile;
  if (!file) return undefined;
  let agent = agents.get(file);
  if (!agent) {
    agent = new https.Agent({ ca: [...rootCertificates, readFileSync(file, "utf8")], keepAlive: true });
    agents.set(file, agent);
  }
  return agent;
}

/** The VAPID key pair: from the environment, else the one kept in the database (made at first use). */
export async function vapidKeys(db: DbOrTx): Promise<{ publicKey: string; privateKey: string }> {
  return env().push.keys ?? pushKeyPair(db, () => webpush.generateVAPIDKeys());
}

function vapidSubject(): string {
  const { push, siteUrl, smtp } = env();
  if (push.subject) return push.subject;
  if (siteUrl?.startsWith("https://")) return siteUrl;
  const address = smtp?.from.match(/<([^>]+)>/)?.[1] ?? smtp?.from;
  return `mailto:${address && address.includes("@") ? address : "no-reply@localhost"}`;
}

export type PushMessage = { title: string; body: string; url: string; badge: number };

/** What the notification says, in the learner's language: the reminder's sentences, and where a tap leads. */
export async function composePush(locale: string | null, news: { dueCount: number; streak: number } | null, test = false): Promise<PushMessage> {
  const t = await translatorFor(locale, "email");
  const lines = [
    ...(news?.dueCount ? [t("reminderDue", { count: news.dueCount })] : []),
    ...(news?.streak ? [t("reminderStreak", { days: news.streak })] : []),
    ...(!news ? [t("reminderTestNothing")] : []),
  ];
  const title = test
    ? t("reminderTestSubject")
    : news?.dueCount
      ? t("reminderDueSubject", { count: news.dueCount })
      : t("reminderStreakSubject", { days: news?.streak ?? 0 });
  return { title, body: lines.join(" "), url: news?.dueCount ? "/review" : "/home", badge: news?.dueCount ?? 0 };
}

/** How long a push service keeps a reminder for a device that is offline: it is about today. */
const TTL_SECONDS = 12 * 60 * 60;

/** Sends `message` to each of the learner's devices; returns how many took it. Gone subscriptions are dropped. */
export async function pushToDevices(db: DbOrTx, userId: string, message: PushMessage): Promise<number> {
  const devices = await listPushSubscriptions(db, { userId });
  if (devices.length === 0) return 0;
  const keys = await vapidKeys(db);
  const agent = pushAgent();
  const gone: string[] = [];
  let delivered = 0;
  for (const device of devices) {
    // A subscription saved before the operator narrowed the allowed hosts is not sent to.
    if (!allowedPushEndpoint(device.endpoint)) continue;
    try {
      await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(message), {
        vapidDetails: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: "normal",
        topic: "reminder",
        contentEncoding: "aes128gcm",
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      });
      delivered++;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) gone.push(device.endpoint);
      else console.error(`[reminders] push to a device of ${userId} failed:`, status ?? (error instanceof Error ? error.message : error));
    }
  }
  await deletePushSubscriptions(db, { endpoints: gone });
  return delivered;
}
