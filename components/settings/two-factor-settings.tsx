"use client";
/**
 * Two-factor sign-in with an authenticator app: enrol (QR code and secret, then a code to
 * verify), list the verified factors, and remove one. Verifying raises this session to aal2.
 */
import type { Factor } from "@supabase/supabase-js";
import { ShieldCheck, Trash2 } from "lucide-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { TotpCodeForm } from "@/components/auth/totp-code-form";
import { useAuth } from "@/lib/auth/auth-context";
import { authErrorText } from "@/lib/i18n/auth-errors";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";

/** The auth server's factor list, not a product API call. */
const FACTORS_KEY = ["auth", "mfa-factors"] as const;

/**
 * supabase-js hands the auth server's SVG over as `data:image/svg+xml;utf-8,<svg …>`, unescaped:
 * a "#" in a colour would end the address early. Re-encode it so every browser draws it.
 */
export function qrImageSource(qrCode: string): string {
  const svgStart = qrCode.indexOf("<svg");
  if (svgStart < 0) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.slice(svgStart))}`;
}

type Enrollment = { factorId: string; qrCode: string; secret: string };

export function TwoFactorSettings() {
  const t = useTranslations("settings.twoFactor");
  const te = useTranslations("authErrors");
  const locale = useLocale();
  const { loadSupabase } = useAuth();
  const queryClient = useQueryClient();
  const factorsQuery = useQuery({
    queryKey: FACTORS_KEY,
    queryFn: async (): Promise<Factor[]> => {
      const { data, error } = await (await loadSupabase()).auth.mfa.listFactors();
      if (error) throw error;
      return data.totp.filter((f) => f.status === "verified");
    },
    staleTime: 0,
  });
  const factors = factorsQuery.data ?? (factorsQuery.isError ? [] : null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: FACTORS_KEY });
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState<Factor | null>(null);

  async function start() {
    setBusy(true);
    try {
      const { data, error } = await (await loadSupabase()).auth.mfa.enroll({ factorType: "totp", friendlyName: t("factorName", { time: new Date().toISOString().slice(0, 16) }) });
      if (error) throw error;
      setEnrollment({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
    } catch (error) {
      toast.error(t("errorTitle"), { description: authErrorText(te, error instanceof Error ? error : null, t("startFailed")) });
    } finally {
      setBusy(false);
    }
  }

  async function verify(code: string): Promise<string | null> {
    if (!enrollment) return null;
    const { error } = await (await loadSupabase()).auth.mfa.challengeAndVerify({ factorId: enrollment.factorId, code });
    if (error) return authErrorText(te, error, t("codeMismatch"));
    setEnrollment(null);
    toast.success(t("enabledTitle"), { description: t("enabledText") });
    await refresh();
    return null;
  }

  async function cancel() {
    if (enrollment) await (await loadSupabase()).auth.mfa.unenroll({ factorId: enrollment.factorId }).catch(() => undefined);
    setEnrollment(null);
  }

  async function remove(factor: Factor) {
    setBusy(true);
    const { error } = await (await loadSupabase()).auth.mfa.unenroll({ factorId: factor.id });
    setBusy(false);
    setConfirmingRemoval(null);
    if (error) {
      toast.error(t("errorTitle"), { description: authErrorText(te, error, t("removeFailed")) });
      return;
    }
    toast.success(t("removedTitle"), { description: t("removedText") });
    await refresh();
  }

  return (
    <div className="space-y-4" data-testid="two-factor">
      <ConfirmDialog
        open={confirmingRemoval !== null}
        onOpenChange={(open) => !open && !busy && setConfirmingRemoval(null)}
        title={t("confirmTitle")}
        description={t("confirmText")}
        busy={busy}
        choices={[{ label: t("remove"), variant: "destructive", onSelect: () => confirmingRemoval && void remove(confirmingRemoval) }]}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold">{t("title")}</p>
          <p className="text-sm text-muted-foreground">{t("description")}</p>
        </div>
        {enrollment || factors === null ? null : (
          <Button type="button" variant="outline" onClick={start} disabled={busy}>
            {factors.length > 0 ? t("add") : t("setUp")}
          </Button>
        )}
      </div>

      {factors === null ? (
        <Skeleton className="h-12 w-full" />
      ) : factors.length > 0 ? (
        <ul className="divide-y rounded-xl border" aria-label={t("listLabel")}>
          {factors.map((factor) => (
            <li key={factor.id} className="flex items-center justify-between gap-3 p-3">
              <span className="flex min-w-0 items-center gap-2">
                <ShieldCheck className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{factor.friendly_name || t("unnamed")}</span>
                  <span className="block text-xs text-muted-foreground">{t("added", { date: new Date(factor.created_at).toLocaleDateString(locale) })}</span>
                </span>
              </span>
              <Button type="button" variant="ghost" size="icon" aria-label={factor.friendly_name ? t("removeNamed", { name: factor.friendly_name }) : t("removeUnnamed")} onClick={() => setConfirmingRemoval(factor)} disabled={busy}>
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : enrollment ? null : (
        <p className="text-sm text-muted-foreground">{t("off")}</p>
      )}

      {enrollment ? (
        <div className="grid grid-cols-1 gap-5 rounded-xl border p-4 sm:grid-cols-[auto_minmax(0,1fr)]">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={qrImageSource(enrollment.qrCode)} alt={t("qrAlt")} className="size-44 justify-self-center rounded-lg bg-white p-2" />
          <div className="space-y-4">
            <div className="space-y-1 text-sm">
              <p>{t("scanHint")}</p>
              <code className="block rounded-md bg-muted px-2 py-1.5 font-mono text-sm break-all select-all" data-testid="totp-secret">
                {enrollment.secret}
              </code>
            </div>
            <TotpCodeForm submitLabel={t("verify")} onSubmit={verify} onCancel={cancel} autoFocus={false} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
