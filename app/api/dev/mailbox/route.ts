/** The dev mailbox as JSON: emails the embedded auth server stored, newest first. */
import { route } from "@/lib/api/handler";
import { notFound } from "@/lib/api/errors";
import { listMailbox } from "@/lib/auth-server";
import { env } from "@/lib/env";
import { mailboxQuerySchema } from "@/lib/validation/mailbox";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route({ auth: false, query: mailboxQuerySchema }, async ({ query }) => {
  if (!env().devMailbox) throw notFound();
  const messages = await listMailbox(query);
  return Response.json({ messages }, { headers: { "Cache-Control": "no-store" } });
});
