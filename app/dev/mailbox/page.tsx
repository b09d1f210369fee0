/**
 * Embedded mode's dev mailbox: every email the built-in auth server sent, newest first. Only for
 * browsers on this machine and signed-in owners; anyone else gets the not-found page.
 */
import { Inbox, Mail } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { BrandLogo } from "@/components/brand-logo";
import { Button } from "@/components/ui/button";
import { listMailbox } from "@/lib/auth-server";
import { mayReadDevMailbox } from "@/lib/auth/dev-mailbox-access";
import { getPageUser } from "@/lib/auth/page-user";
import { mailboxQuerySchema } from "@/lib/validation/mailbox";

export const metadata: Metadata = { title: "Dev mailbox" };

export default async function MailboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!(await mayReadDevMailbox(await headers(), async () => (await getPageUser())?.user))) notFound();
  // An address given twice or holding control characters filters nothing.
  const parsed = mailboxQuerySchema.safeParse({ to: (await searchParams).to });
  const to = parsed.success ? parsed.data.to : undefined;
  const messages = await listMailbox({ to });

  return (
    <div className="min-h-dvh bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between px-4 sm:px-6">
          <Link href="/" aria-label="LingoReel home">
            <BrandLogo />
          </Link>
          <span className="text-sm font-medium text-muted-foreground">Dev mailbox</span>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">Dev mailbox</h1>
          <p className="text-muted-foreground">
            Emails the built-in auth server sent{to ? ` to ${to}` : ""}. This page exists only with the built-in auth server
            while no SMTP server delivers mail, and opens only on this machine or to an owner.
          </p>
          {to ? (
            <Link href="/dev/mailbox" className="text-sm font-medium text-primary hover:underline">
              Show all recipients
            </Link>
          ) : null}
        </div>
        {messages.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed bg-background py-16 text-muted-foreground">
            <Inbox className="size-10" aria-hidden />
            <p>No emails yet.</p>
          </div>
        ) : (
          <ul className="space-y-4">
            {messages.map((message) => {
              const links = message.links;
              return (
                <li key={message.id} className="rounded-2xl border bg-card p-5 shadow-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="flex items-center gap-2 font-semibold">
                        <Mail className="size-4 text-primary" aria-hidden />
                        {message.subject}
                      </p>
                      <p className="text-sm text-muted-foreground break-all">To: {message.to}</p>
                    </div>
                    <time className="text-sm text-muted-foreground" dateTime={message.createdAt}>
                      {new Date(message.createdAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}
                    </time>
                  </div>
                  <pre className="mt-4 font-sans text-sm whitespace-pre-wrap break-words text-foreground/90">{message.text}</pre>
                  {links.length ? (
                    <div className="mt-4 flex flex-wrap gap-2">
                      {links.map((href) => (
                        <Button key={href} asChild size="sm">
                          <a href={href}>Open link</a>
                        </Button>
                      ))}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </main>
    </div>
  );
}
