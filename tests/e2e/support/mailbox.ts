/** Reads the embedded server's dev mailbox the way a developer would, through its JSON API. */
import { expect, type APIRequestContext } from "@playwright/test";

type Message = { subject: string; text: string; links?: string[]; createdAt: string };

/** Polls the mailbox of `to` until `find` picks something out of its messages (newest first). */
async function waitForMail<T>(request: APIRequestContext, to: string, what: string, find: (messages: Message[]) => T | undefined): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return undefined;
        found = find(((await response.json()) as { messages: Message[] }).messages);
        return found;
      },
      { message: `an email to ${to} with ${what}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

export function latestLink(request: APIRequestContext, to: string, match: RegExp = /\/auth\/v1\/verify/): Promise<string> {
  return waitForMail(request, to, "a link", (messages) => {
    for (const message of messages) {
      const links = message.links ?? message.text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
      const link = links.find((l) => match.test(l));
      if (link) return link;
    }
    return undefined;
  });
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The six-digit code in the newest email to `to` whose subject matches, once it has arrived. */
export function latestCode(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  return waitForMail(request, to, "a code", (messages) => messages.filter((m) => subject.test(m.subject)).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])[0]);
}
