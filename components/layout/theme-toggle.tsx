"use client";
/** Light or dark: follows the device until the user picks one here. */
import { Moon, Sun } from "lucide-react";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useTheme } from "next-themes";
import { Button } from "@/components/ui/button";
import { useSetTheme } from "@/components/providers/use-set-theme";

export function ThemeToggle() {
  const { resolvedTheme } = useTheme();
  const setTheme = useSetTheme();
  const t = useTranslations("header");
  const dark = resolvedTheme === "dark";
  // One label on server and client (the theme is only known in the browser).
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={t("toggleTheme")}
      title={t("toggleTheme")}
      onClick={() => setTheme(dark ? "light" : "dark")}
      data-testid="theme-toggle"
    >
      {/* Both icons render; CSS picks one, so the server and client markup agree. */}
      <Sun className="hidden dark:block" aria-hidden />
      <Moon className="dark:hidden" aria-hidden />
    </Button>
  );
}
