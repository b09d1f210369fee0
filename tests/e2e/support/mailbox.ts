/** Reads the embedded server's dev mailbox the way a developer would, through its JSON API. */
import { expect, type APIRequestContext } from "@playwright/test";

type Message = { subject: string; text: string; links?: string[]; createdAt: string };

export async function latestLink(request: APIRequestContext, to: string, match: RegExp = /\/auth\/v1\/verify/): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return undefined;
        const { messages } = (await response.json()) as { messages: Message[] };
        for (const message of messages) {
          const links = message.links ?? message.text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
          link = links.find((l) => match.test(l));
          if (link) return link;
        }
        return undefined;
      },
      { message: `an email to ${to} with a link`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The six-digit code in the newest email to `to` whose subject matches, once it has arrived. */
export async function latestCode(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return undefined;
        const { messages } = (await response.json()) as { messages: Message[] };
        code = messages.filter((m) => subject.test(m.subject)).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])[0];
        return code;
      },
      { message: `a code for ${to}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}
