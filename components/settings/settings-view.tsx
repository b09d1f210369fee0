"use client";
/** The Settings screen: the preferences form, appearance, and Security Settings for admins and owners. */
import { Monitor, Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { Button } from "@/components/ui/button";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { useSettings } from "@/lib/data/use-settings";
import { useMounted } from "@/lib/use-mounted";
import { ChangeEmailForm, ChangePasswordForm } from "./credential-forms";
import { Section, SettingsForm } from "./settings-form";
import { TwoFactorSettings } from "./two-factor-settings";

export function SettingsView() {
  const { user, isLoading } = useCurrentUser();
  const settings = useSettings({ enabled: !!user });

  if (!isLoading && !user) {
    return (
      <main id="main" className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Not Authenticated</h1>
        <p className="mt-2 text-muted-foreground">Please log in to access settings.</p>
      </main>
    );
  }

  const staff = user?.role === "admin" || user?.role === "owner";
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="text-muted-foreground">Customize your learning experience</p>
      </header>
      {user && settings.data ? (
        <SettingsForm user={user} preferences={settings.data} />
      ) : (
        <div className="space-y-6" aria-busy="true" aria-label="Loading settings">
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-96 rounded-xl" />
        </div>
      )}
      <Appearance />
      {user && staff ? (
        <Section title="Security Settings" description="Changes need your current password.">
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
  { value: "system", label: "System", icon: Monitor },
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
] as const;

function Appearance() {
  const { theme, setTheme } = useTheme();
  // The stored choice is only known in the browser.
  const mounted = useMounted();
  return (
    <Section title="Appearance" description="Follow your device, or pick light or dark.">
      <div role="radiogroup" aria-label="Theme" className="grid grid-cols-3 gap-2">
        {THEMES.map(({ value, label, icon: Icon }) => {
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
              <Icon aria-hidden /> {label}
            </Button>
          );
        })}
      </div>
    </Section>
  );
}
