/**
 * The dev mailbox as JSON: emails the embedded auth server stored, newest first. Only for clients
 * on this machine and signed-in owners; anyone else gets 404, as if it did not exist.
 */
import { notFound } from "@/lib/api/errors";
import { parse, queryObject, route } from "@/lib/api/handler";
import { listMailbox } from "@/lib/auth-server";
import { mayReadDevMailbox } from "@/lib/auth/dev-mailbox-access";
import { requireAppUser } from "@/lib/auth/require-user";
import { mailboxQuerySchema } from "@/lib/validation/mailbox";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = route({ auth: false }, async ({ request }) => {
  if (!(await mayReadDevMailbox(request.headers, async () => (await requireAppUser(request)).user))) throw notFound();
  // Filters are checked only for readers, so a 400 does not tell others the mailbox is there.
  const query = parse(mailboxQuerySchema, queryObject(request), "query");
  const messages = await listMailbox(query);
  return Response.json({ messages }, { headers: { "Cache-Control": "no-store" } });
});
