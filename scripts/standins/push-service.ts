/**
 * A local stand-in for a Web Push service (RFC 8030), so reminders are tested as a browser's push
 * service receives them, with no network. It makes subscriptions the way a browser does (a P-256
 * key pair and a 16-byte auth secret, an endpoint URL on this server), and for every message
 * POSTed to an endpoint it checks what a real service checks (a VAPID JWT of ES256 for the
 * endpoint's origin, RFC 8292; `aes128gcm` content encoding; a TTL) and decrypts the payload with
 * the subscription's private key (RFC 8291, done here by hand, not by the sender's library).
 * An endpoint can be told to answer 410 Gone, as a service does for an unsubscribed browser.
 * Push services speak HTTPS only: it serves a certificate for 127.0.0.1 made at start with
 * Debian's openssl, whose file the app is given as PUSH_SERVICE_CA.
 */
import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from "jose";

export type PushSubscriptionJson = { endpoint: string; keys: { p256dh: string; auth: string } };
export type ReceivedPush = { endpoint: string; payload: string; ttl: number; urgency: string | null; topic: string | null; vapid: { sub: string; aud: string; publicKey: string } };

type Subscriber = { ecdh: ECDH; auth: Buffer; gone: boolean };

export type PushService = {
  origin: string;
  /** The PEM file of the service's self-signed certificate, for PUSH_SERVICE_CA. */
  caFile: string;
  /** Host and port, for PUSH_SERVICE_HOSTS. */
  host: string;
  subscribe(): PushSubscriptionJson;
  /** From now on, POSTs to this subscription's endpoint answer 410 Gone. */
  unsubscribe(endpoint: string): void;
  received: ReceivedPush[];
  /** Requests refused, with why. */
  refused: { endpoint: string; status: number; reason: string }[];
  close(): Promise<void>;
};

const b64url = (bytes: Buffer) => bytes.toString("base64url");

/** RFC 8291 §3.4 and RFC 8188: one record, keys from the subscriber's ECDH secret and auth secret. */
export function decryptPush(body: Buffer, subscriber: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscriber.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the record has no final delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** For the stand-in's own tests: encrypts as a sender would (used only to check `decryptPush`). */
export function encryptPushForTest(plaintext: string, subscription: PushSubscriptionJson): Buffer {
  const sender = createECDH("prime256v1");
  sender.generateKeys();
  const receiverKey = Buffer.from(subscription.keys.p256dh, "base64url");
  const auth = Buffer.from(subscription.keys.auth, "base64url");
  const salt = randomBytes(16);
  const shared = sender.computeSecret(receiverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiverKey, sender.getPublicKey()]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const cipher = createCipheriv("aes-128-gcm", cek, nonce);
  const body = Buffer.concat([cipher.update(Buffer.concat([Buffer.from(plaintext), Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header);
  header.writeUInt32BE(4096, 16);
  header[20] = 65;
  return Buffer.concat([header, sender.getPublicKey(), body]);
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §3) for `origin`; returns its claims. */
async function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error("no vapid Authorization header");
  const [, token, k] = match as unknown as [string, string, string];
  const raw = Buffer.from(k, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 key");
  if (decodeProtectedHeader(token).alg !== "ES256") throw new Error("the JWT is not ES256");
  const key = await importJWK({ kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, "ES256");
  await jwtVerify(token, key, { audience: origin });
  const claims = decodeJwt(token);
  const now = Date.now() / 1000;
  if (typeof claims.exp !== "number" || claims.exp > now + 24 * 3600) throw new Error("exp is missing or more than 24 hours ahead");
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) throw new Error("sub is not a mailto: or https: contact");
  return { sub: claims.sub, aud: origin, publicKey: k };
}

/** A key and self-signed certificate for 127.0.0.1, valid for a day. */
function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer; certFile: string } {
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
    "-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
  ], { stdio: "ignore" });
  return { key: readFileSync(keyFile), cert: readFileSync(certFile), certFile };
}

export async function startPushService(): Promise<PushService> {
  const dir = mkdtempSync(path.join(tmpdir(), "push-service-"));
  const tls = selfSignedCertificate(dir);
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const refused: PushService["refused"] = [];
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const endpoint = `${origin}${request.url}`;
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, status, reason });
        response.writeHead(status).end(reason);
      };
      const subscriber = subscribers.get(request.url ?? "");
      if (request.method !== "POST") return refuse(405, "POST only");
      if (!subscriber) return refuse(404, "no such subscription");
      if (subscriber.gone) return refuse(410, "the subscription is gone");
      if (request.headers["content-encoding"] !== "aes128gcm") return refuse(415, "content encoding must be aes128gcm");
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "TTL is required");
      checkVapid(request.headers.authorization, origin)
        .then((vapid) => {
          const payload = decryptPush(Buffer.concat(chunks), subscriber);
          received.push({ endpoint, payload, ttl, urgency: (request.headers.urgency as string) ?? null, topic: (request.headers.topic as string) ?? null, vapid });
          response.writeHead(201, { location: `${endpoint}/messages/${received.length}` }).end();
        })
        .catch((error: unknown) => refuse(403, error instanceof Error ? error.message : String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    caFile: tls.certFile,
    host: `127.0.0.1:${port}`,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${b64url(randomBytes(12))}`;
      subscribers.set(path, { ecdh, auth, gone: false });
      return { endpoint: `${origin}${path}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    unsubscribe(endpoint) {
      const subscriber = subscribers.get(new URL(endpoint).pathname);
      if (subscriber) subscriber.gone = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }).finally(() => rmSync(dir, { recursive: true, force: true })),
  };
}
