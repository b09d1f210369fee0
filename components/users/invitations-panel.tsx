"use client";
/**
 * The open invitations on the Users screen: who, with which role, when sent and until when the
 * link works (or that it ran out), with Resend and Revoke. Shows nothing while there are none.
 */
import { Mail, RotateCw, X } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { useInvitations, useResendInvitation, useRevokeInvitation } from "@/lib/data/use-invitations";
import type { InvitationJson } from "@/lib/invitations/types";
import { cn } from "@/lib/utils";

export function InvitationsPanel({ enabled, formatDate }: { enabled: boolean; formatDate: (iso: string) => string }) {
  const ti = useTranslations("users.invitations");
  const invitations = useInvitations({ enabled });
  const list = invitations.data;
  if (!list || list.length === 0) return null;
  return (
    <section className="overflow-hidden rounded-2xl border bg-card shadow-sm" aria-labelledby="invitations-heading" data-testid="invitations">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b bg-muted/40 px-4 py-3">
        <h2 id="invitations-heading" className="font-semibold">
          {ti("pending")}
        </h2>
        <p className="text-sm text-muted-foreground">{ti("pendingCount", { count: list.length })}</p>
      </header>
      <ul className="divide-y">
        {list.map((invitation) => (
          <InvitationItem key={invitation.id} invitation={invitation} formatDate={formatDate} />
        ))}
      </ul>
    </section>
  );
}

function InvitationItem({ invitation, formatDate }: { invitation: InvitationJson; formatDate: (iso: string) => string }) {
  const t = useTranslations("users");
  const ti = useTranslations("users.invitations");
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [confirming, setConfirming] = useState(false);
  const busy = resend.isPending || revoke.isPending;
  return (
    <li
      className={cn("flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between", revoke.isPending && "opacity-50")}
      data-testid="invitation-row"
      data-email={invitation.email}
      data-state={invitation.expired ? "expired" : "pending"}
      aria-busy={busy || undefined}
    >
      <div className="flex min-w-0 items-start gap-3">
        <div className="mt-0.5 hidden size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary sm:flex">
          <Mail className="size-4" aria-hidden />
        </div>
        <div className="min-w-0 space-y-0.5">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="min-w-0 break-all">{invitation.email}</span>
            <Badge variant="secondary">{t(`roles.${invitation.role}`)}</Badge>
          </p>
          <p className="text-sm text-muted-foreground">
            {invitation.expired ? (
              <span className="font-medium text-red-700 dark:text-red-300">{ti("expiredOn", { date: formatDate(invitation.expiresAt) })}</span>
            ) : (
              <>
                {ti("sentOn", { date: formatDate(invitation.sentAt) })} · {ti("expiresOn", { date: formatDate(invitation.expiresAt) })}
              </>
            )}
            {invitation.invitedBy ? <> · {ti("by", { email: invitation.invitedBy })}</> : null}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={() => resend.mutate(invitation)} disabled={busy} aria-label={ti("resendTo", { email: invitation.email })}>
          {resend.isPending ? <Spinner /> : <RotateCw aria-hidden />}
          {ti("resend")}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} disabled={busy} aria-label={ti("revokeTo", { email: invitation.email })}>
          <X aria-hidden />
          {ti("revoke")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={ti("revokeTitle", { email: invitation.email })}
        description={ti("revokeDescription")}
        busy={revoke.isPending}
        choices={[
          {
            label: ti("revoke"),
            variant: "destructive",
            onSelect: () => revoke.mutate(invitation, { onSettled: () => setConfirming(false) }),
          },
        ]}
      />
    </li>
  );
}
