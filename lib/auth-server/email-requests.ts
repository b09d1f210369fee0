/**
 * Anonymous requests for an email about an address (POST /recover and /resend), answered alike
 * whether or not the address has an account: the same status, the same body, about the same time.
 *
 * What may refuse such a request depends only on the requests themselves, never on the account:
 * one request of a kind per address a minute (GoTrue's "For security purposes ..." 429, counted for
 * every address named, registered or not, and started by a sign-up request too), then the
 * per-address, per-IP and server-wide hourly email caps, which every admitted request spends. Only
 * then is the address looked up; what the lookup finds changes nothing in the answer (a link sent
 * less than a minute ago, say from another instance, is silently not sent again). GoTrue itself
 * answers a registered address's second request with a 429 and an unknown one's with a 200.
 *
 * The answer waits until twice the time the slowest of the last few sends took, so one that sent an
 * email, SMTP included, and one that found nobody leave at the same moment, also on a busy machine
 * where some sends take several times as long as most (with twice the median, a send slower than
 * that left later than an answer that sent nothing).
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { RequestContext } from "./context";
import { takeEmailBudget } from "./email-links";
import { AuthServerError, emailFrequencyError } from "./errors";
import { jsonResponse } from "./http";
import { deliverOutbox } from "./outbox";

export type EmailRequestKind = "signup" | "recovery" | "email_change" | "magiclink";

const MAX_COOLDOWNS = 50_000;
/** How many recent sends the answer time follows. */
const SEND_SAMPLES = 9;
/** What a send is taken to last before any has been timed: the first answers wait 250 ms. */
const INITIAL_SEND_MS = 125;
/** A slow send beyond this does not hold every answer back further. */
const MAX_ANSWER_MS = 5_000;

/** Per server instance: when each address last asked for each kind of email, and how long sends take. */
export class EmailRequestGate {
  private readonly cooldowns = new Map<string, number>();
  private readonly sendMs: number[] = [INITIAL_SEND_MS];

  /** When the key's cooldown began, while it runs. A start in the future (the clock went back) counts as over. */
  coolingSince(key: string, now: Date, windowMs: number): Date | undefined {
    const at = this.cooldowns.get(key);
    if (at === undefined) return undefined;
    if (at > now.getTime() || at + windowMs <= now.getTime()) {
      this.cooldowns.delete(key);
      return undefined;
    }
    return new Date(at);
  }

  startCooldown(key: string, now: Date): void {
    this.cooldowns.delete(key);
    this.cooldowns.set(key, now.getTime());
    // Oldest first: a dropped key only lets its address ask again sooner.
    for (const oldest of this.cooldowns.keys()) {
      if (this.cooldowns.size <= MAX_COOLDOWNS) break;
      this.cooldowns.delete(oldest);
    }
  }

  recordSend(ms: number): void {
    this.sendMs.push(ms);
    if (this.sendMs.length > SEND_SAMPLES) this.sendMs.shift();
  }

  answerAfterMs(): number {
    return Math.min(MAX_ANSWER_MS, 2 * Math.max(...this.sendMs));
  }
}

const cooldownKey = (kind: EmailRequestKind, address: string) => `${kind}:${address.toLowerCase()}`;

/** Starts the address's minute for this kind of email (after a sign-up request, whatever it found). */
export function startEmailCooldown(ctx: RequestContext, kind: EmailRequestKind, address: string): void {
  if (ctx.config.rateLimits.emailMaxFrequencySeconds > 0) ctx.emailRequests.startCooldown(cooldownKey(kind, address), ctx.now);
}

/** The refusals that depend on the request alone: a 429 for the address's minute or the email caps. */
function admit(ctx: RequestContext, kind: EmailRequestKind, address: string): void {
  const frequency = ctx.config.rateLimits.emailMaxFrequencySeconds;
  const since = frequency > 0 ? ctx.emailRequests.coolingSince(cooldownKey(kind, address), ctx.now, frequency * 1000) : undefined;
  if (since) throw emailFrequencyError(since, frequency, ctx.now);
  takeEmailBudget(ctx, [address]);
  startEmailCooldown(ctx, kind, address);
}

/**
 * Admits the request, runs `send` (the lookup and any sending; true when an email went out, the
 * budget having been spent already) and delivers its mail, then answers `{}` no sooner than a
 * send usually takes. A failed delivery is logged and undone, and answered like the rest.
 */
export async function answerEmailRequest(
  ctx: RequestContext,
  kind: EmailRequestKind,
  address: string,
  send: () => Promise<boolean>,
): Promise<Response> {
  admit(ctx, kind, address);
  const startedAt = performance.now();
  const answerAt = startedAt + ctx.emailRequests.answerAfterMs();
  if (await send()) {
    try {
      await deliverOutbox(ctx);
    } catch (error) {
      if (!(error instanceof AuthServerError)) throw error;
    }
    ctx.emailRequests.recordSend(performance.now() - startedAt);
  }
  const wait = answerAt - performance.now();
  if (wait > 0) await sleep(wait);
  return jsonResponse({});
}
