"use client";
/**
 * The unsubscribe page's one button: the link in a reminder email opens the page (a GET changes
 * nothing, so a mail scanner following links unsubscribes no one), and pressing it stops the emails.
 */
import { CheckCircle2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useState } from "react";
import { Button } from "@/components/ui/button";

type State = "ready" | "working" | "done" | "invalid" | "failed";

export function UnsubscribeConfirm({ token }: { token: string | null }) {
  const t = useTranslations("unsubscribe");
  const [state, setState] = useState<State>(token ? "ready" : "invalid");

  async function unsubscribe() {
    setState("working");
    try {
      const response = await fetch(`/api/reminders/unsubscribe?token=${encodeURIComponent(token ?? "")}`, { method: "POST" });
      setState(response.ok ? "done" : response.status === 400 || response.status === 404 ? "invalid" : "failed");
    } catch {
      setState("failed");
    }
  }

  if (state === "done") {
    return (
      <div role="status" className="space-y-4">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 aria-hidden className="size-5 text-emerald-600 dark:text-emerald-400" />
          {t("doneTitle")}
        </p>
        <p className="text-muted-foreground">{t("doneText")}</p>
        <Button asChild variant="outline">
          <Link href="/settings">{t("settings")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-muted-foreground">{t("description")}</p>
      {state === "invalid" || state === "failed" ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {state === "invalid" ? t("invalid") : t("failed")}
        </p>
      ) : null}
      <Button type="button" className="w-full sm:w-auto" onClick={() => void unsubscribe()} disabled={state === "working" || state === "invalid"}>
        {state === "working" ? t("working") : t("confirm")}
      </Button>
    </div>
  );
}
