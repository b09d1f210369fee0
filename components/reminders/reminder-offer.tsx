"use client";
/**
 * After a learner's first review session: an offer to turn on this device's reminders, so the
 * permission prompt comes from their click, never on load. Shown once per browser (accepted or
 * not), and only where push works, is not on yet, and Enable Notifications is on.
 */
import { BellRing } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useSyncExternalStore, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { toast } from "@/lib/toast";
import { usePushDevice } from "./use-push-device";

const OFFERED_KEY = "lingoreel.reminder-offer";

function offeredBefore(): boolean {
  try {
    return window.localStorage.getItem(OFFERED_KEY) !== null;
  } catch {
    return true;
  }
}

function remember(answer: "accepted" | "declined"): void {
  try {
    window.localStorage.setItem(OFFERED_KEY, answer);
  } catch {
    // Private mode without storage: the offer may come back, which is harmless.
  }
}

const noop = () => () => {};

export function ReminderOffer() {
  const t = useTranslations("review.reminderOffer");
  const { user } = useCurrentUser();
  const device = usePushDevice();
  // Read once on the client; the server renders no offer.
  const seen = useSyncExternalStore(noop, offeredBefore, () => true);
  const [closed, setClosed] = useState(false);
  if (closed || seen || !user?.enableNotifications || device.state !== "off") return null;

  async function accept() {
    remember("accepted");
    try {
      const on = await device.set(true);
      if (on === "on") toast.success(t("onTitle"), { description: t("onText") });
      else if (on === "denied") toast.error(t("blocked"));
    } catch {
      toast.error(t("failed"));
    }
    setClosed(true);
  }

  return (
    <aside className="flex flex-col gap-3 rounded-2xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center" data-testid="reminder-offer" aria-labelledby="reminder-offer-title">
      <BellRing className="size-6 shrink-0 text-primary" aria-hidden />
      <div className="flex-1 space-y-1 text-left">
        <p id="reminder-offer-title" className="font-semibold">
          {t("title")}
        </p>
        <p className="text-sm text-muted-foreground">{t("text")}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="ghost"
          onClick={() => {
            remember("declined");
            setClosed(true);
          }}
        >
          {t("notNow")}
        </Button>
        <Button onClick={accept} disabled={device.busy}>
          {device.busy ? <Spinner /> : null}
          {t("turnOn")}
        </Button>
      </div>
    </aside>
  );
}
