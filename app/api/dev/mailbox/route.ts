/** The dev mailbox as JSON: emails the embedded auth server stored, newest first. */
import { listMailbox } from "@/lib/auth-server";
import { env } from "@/lib/env";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  if (!env().devMailbox) return Response.json({ error: "not_found", message: "Not found" }, { status: 404 });
  const params = new URL(request.url).searchParams;
  const to = params.get("to")?.trim() || undefined;
  const limit = Number(params.get("limit") ?? "") || undefined;
  const messages = await listMailbox({ to, limit });
  return Response.json({ messages }, { headers: { "Cache-Control": "no-store" } });
}
