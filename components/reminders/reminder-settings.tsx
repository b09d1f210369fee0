"use client";
/**
 * Settings' Reminders card: the local time of the day's reminder, whether it comes by email and
 * as a notification on this device, each saved as it changes, and a test reminder on request.
 * Off while Enable Notifications is.
 */
import { Send } from "lucide-react";
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useId } from "react";
import { Section } from "@/components/settings/settings-form";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { usePushDevice } from "./use-push-device";
import { browserTimeZone } from "@/lib/data/use-progress";
import { useSendTestReminder } from "@/lib/data/use-reminders";
import { useUpdateSettings } from "@/lib/data/use-settings";
import { useErrorText } from "@/lib/data/use-error-text";
import { toast } from "@/lib/toast";
import type { AppUser, LearningPreferences } from "@/lib/types/api";
import { QUIET_HOURS_START, REMINDER_EARLIEST, REMINDER_LATEST } from "@/lib/validation/limits";
import type { SettingsUpdate } from "@/lib/validation/settings";

/** Every half hour from the earliest reminder time to the latest. */
function reminderTimes(): string[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const times: string[] = [];
  for (let m = minutes(REMINDER_EARLIEST); m <= minutes(REMINDER_LATEST); m += 30) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`);
  }
  return times;
}
const TIMES = reminderTimes();

/** "19:00" as the reader's locale writes a time of day (7:00 PM, 19:00, 19時00分…). */
function clock(time: string, locale: string): string {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(Date.UTC(2000, 0, 1, h, m));
}

export function ReminderSettings({ user, preferences }: { user: AppUser; preferences: LearningPreferences }) {
  const t = useTranslations("settings.reminders");
  const locale = useLocale();
  const errorText = useErrorText();
  const save = useUpdateSettings();
  const test = useSendTestReminder();
  const device = usePushDevice();
  const ids = { time: useId(), timeHint: useId() };
  const on = preferences.enableNotifications;

  async function change(values: SettingsUpdate) {
    try {
      // The time is meant on this device's clock: its zone goes with it, as with the settings form.
      await save.mutateAsync({ values: { ...values, timeZone: browserTimeZone() } });
    } catch (error) {
      toast.error(t("saveFailed"), { description: errorText(error, t("saveFailed")) });
    }
  }

  async function setDevice(next: boolean) {
    try {
      await device.set(next);
    } catch (error) {
      toast.error(t("deviceFailed"), { description: errorText(error, t("deviceFailed")) });
    }
  }

  async function sendTest() {
    try {
      const { email, devices } = await test.mutateAsync();
      const where = [email ? t("testSentText", { email }) : "", devices > 0 ? t("testSentDevices", { count: devices }) : ""];
      toast.success(t("testSentTitle"), { description: where.filter(Boolean).join(" ") });
    } catch (error) {
      toast.error(t("testFailed"), { description: errorText(error, t("testFailed")) });
    }
  }

  return (
    <Section
      title={t("title")}
      description={t("description", { quietStart: clock(QUIET_HOURS_START, locale), quietEnd: clock(REMINDER_EARLIEST, locale) })}
    >
      <div data-testid="reminder-settings" className="space-y-5">
        {on ? null : (
          <p role="status" className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
            {t("off")}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <label htmlFor={ids.time} className="text-sm font-medium">
              {t("time")}
            </label>
            <Select value={preferences.reminderTime} onValueChange={(reminderTime) => void change({ reminderTime })} disabled={!on}>
              <SelectTrigger id={ids.time} aria-describedby={ids.timeHint} className="w-full">
                <SelectValue>{clock(preferences.reminderTime, locale)}</SelectValue>
              </SelectTrigger>
              <SelectContent>
                {TIMES.map((time) => (
                  <SelectItem key={time} value={time}>
                    {clock(time, locale)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p id={ids.timeHint} className="text-sm text-muted-foreground">
              {t("timeHint", { zone: user.timeZone })}
            </p>
          </div>
        </div>
        <ChannelSwitch
          label={t("email")}
          hint={t("emailHint", { email: user.email })}
          checked={preferences.reminderEmail}
          disabled={!on}
          onCheckedChange={(reminderEmail) => void change({ reminderEmail })}
        />
        <ChannelSwitch
          label={t("device")}
          hint={device.state === "unsupported" ? t("deviceUnsupported") : device.state === "denied" ? t("deviceDenied") : t("deviceHint")}
          checked={device.state === "on"}
          disabled={!on || device.busy || device.state === "checking" || device.state === "unsupported" || device.state === "denied"}
          onCheckedChange={(next) => void setDevice(next)}
          data-testid="push-device"
          data-state={device.state}
        />
        <Button
          type="button"
          variant="outline"
          onClick={() => void sendTest()}
          disabled={!on || (!preferences.reminderEmail && device.state !== "on") || test.isPending}
        >
          <Send aria-hidden />
          {test.isPending ? t("testSending") : t("test")}
        </Button>
      </div>
    </Section>
  );
}

type ChannelSwitchProps = {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
  "data-testid"?: string;
  "data-state"?: string;
};

/** A channel of reminders (email, this device): its name, what it means now, and its switch. */
function ChannelSwitch({ label, hint, checked, disabled, onCheckedChange, ...data }: ChannelSwitchProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-center justify-between gap-4 rounded-xl border p-4" {...data}>
      <div className="min-w-0 space-y-0.5">
        <label htmlFor={id} className="text-base font-medium">
          {label}
        </label>
        <p id={hintId} className="text-sm break-words text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch id={id} aria-describedby={hintId} checked={checked} disabled={disabled} onCheckedChange={onCheckedChange} />
    </div>
  );
}
