"use client";
/** The avatar button that opens the account menu: the same before and after the menu's code arrives. */
import { useTranslations } from "@/lib/i18n/use-translations";
import type { ComponentProps } from "react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import type { AppUser } from "@/lib/types/api";
import { initials } from "@/lib/users/display";

export function AccountButton({ user, ...props }: { user: AppUser | null } & ComponentProps<typeof Button>) {
  const t = useTranslations("header");
  return (
    <Button variant="ghost" size="icon" className="rounded-full" aria-label={t("account")} {...props}>
      <Avatar className="size-9">
        {user?.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
        <AvatarFallback className="bg-primary font-semibold text-primary-foreground">{user ? initials(user) : ""}</AvatarFallback>
      </Avatar>
    </Button>
  );
}
