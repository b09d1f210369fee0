"use client";
/** The header's avatar menu (entries by role), fetched on first use by account-menu-button.tsx. */
import { Bookmark, Languages, Layers, LogOut, Settings, Shield, User as UserIcon, Users } from "lucide-react";
import Link from "next/link";
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useSignOut } from "@/components/auth/use-sign-out";
import { useInterfaceLanguage } from "@/components/i18n/use-interface-language";
import { isLocale } from "@/lib/i18n/locales";
import { languageOptions } from "@/lib/i18n/options";
import type { AppUser } from "@/lib/types/api";
import { displayName } from "@/lib/users/display";
import { AccountButton } from "./account-button";

export function AccountMenu({ user, defaultOpen }: { user: AppUser | null; defaultOpen: boolean }) {
  const isAdmin = user?.role === "admin" || user?.role === "owner";
  const t = useTranslations("accountMenu");
  const locale = useLocale();
  const choose = useInterfaceLanguage();
  // Here rather than in the header: signing out's code comes with the menu, on first use.
  const onLogout = useSignOut();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate font-semibold">{user ? displayName(user) : "…"}</span>
          <span className="block truncate text-xs text-muted-foreground">{user?.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/profile"><UserIcon aria-hidden /> {t("profile")}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/saved"><Bookmark aria-hidden /> {t("saved")}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/review"><Layers aria-hidden /> {t("review")}</Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings"><Settings aria-hidden /> {t("settings")}</Link>
        </DropdownMenuItem>
        {isAdmin ? (
          <DropdownMenuItem asChild>
            <Link href="/admin"><Shield aria-hidden /> {t("adminPanel")}</Link>
          </DropdownMenuItem>
        ) : null}
        {user?.role === "owner" ? (
          <DropdownMenuItem asChild>
            <Link href="/users"><Users aria-hidden /> {t("users")}</Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <Languages aria-hidden /> {t("language")}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuRadioGroup value={locale} onValueChange={(next) => void choose(next)}>
              {languageOptions(isLocale(locale) ? locale : "en").map((option) => (
                <DropdownMenuRadioItem key={option.code} value={option.code} lang={option.lang}>
                  {option.label}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden /> {t("logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
