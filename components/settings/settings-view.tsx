"use client";
/** The Settings screen: the preferences form, appearance, and Security Settings for admins and owners. */
import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useTheme } from "next-themes";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { useSettings } from "@/lib/data/use-settings";
import { useMounted } from "@/lib/use-mounted";
import { useSetTheme } from "@/components/providers/use-set-theme";
import { ReminderSettings } from "@/components/reminders/reminder-settings";
import { ChangeEmailForm, ChangePasswordForm } from "./credential-forms";
import { InterfaceLanguage } from "./interface-language";
import { Section, SettingsForm } from "./settings-form";
import { TwoFactorSettings } from "./two-factor-settings";

export function SettingsView() {
  const t = useTranslations("settings");
  const { user, isLoading } = useCurrentUser();
  const settings = useSettings({ enabled: !!user });

  if (!isLoading && !user) {
    return (
      <main id="main" className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t("notAuthenticated")}</h1>
        <p className="mt-2 text-muted-foreground">{t("loginPrompt")}</p>
      </main>
    );
  }

  const staff = user?.role === "admin" || user?.role === "owner";
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </header>
      {user && settings.data ? (
        <SettingsForm user={user} preferences={settings.data} />
      ) : (
        <div className="space-y-6" aria-busy="true" aria-label={t("loading")}>
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-96 rounded-xl" />
        </div>
      )}
      {user && settings.data ? <ReminderSettings user={user} preferences={settings.data} /> : null}
      {user ? <InterfaceLanguage user={user} /> : null}
      <Appearance />
      {user && staff ? (
        <Section title={t("securityTitle")} description={t("securityDescription")}>
          <ChangeEmailForm currentEmail={user.email} />
          <Separator />
          <ChangePasswordForm />
          <Separator />
          <TwoFactorSettings />
        </Section>
      ) : null}
    </main>
  );
}

const THEMES = [
  { value: "system", icon: Monitor },
  { value: "light", icon: Sun },
  { value: "dark", icon: Moon },
] as const;

function Appearance() {
  const t = useTranslations("settings");
  const { theme } = useTheme();
  const setTheme = useSetTheme();
  // The stored choice is only known in the browser.
  const mounted = useMounted();
  return (
    <Section title={t("appearanceTitle")} description={t("appearanceDescription")}>
      <div role="radiogroup" aria-label={t("themeGroup")} className="grid grid-cols-3 gap-2">
        {THEMES.map(({ value, icon: Icon }) => {
          const checked = mounted && (theme ?? "system") === value;
          return (
            <Button
              key={value}
              type="button"
              role="radio"
              aria-checked={checked}
              variant={checked ? "default" : "outline"}
              onClick={() => setTheme(value)}
            >
              <Icon aria-hidden /> {t(`themes.${value}`)}
            </Button>
          );
        })}
      </div>
    </Section>
  );
}
