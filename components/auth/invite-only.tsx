/** The sign-up screen of an invitation-only install: who gets in, and the way to sign in. */
import { MailCheck } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { AuthHeading } from "./auth-heading";

export async function InviteOnly() {
  const t = await getTranslations("signup");
  return (
    <div className="space-y-6" data-testid="invite-only">
      <div className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <MailCheck className="size-7" aria-hidden />
      </div>
      <AuthHeading title={t("inviteOnlyTitle")} subtitle={t("inviteOnlyText")} />
      <Button asChild size="lg" className="w-full">
        <Link href="/login">{t("signIn")}</Link>
      </Button>
    </div>
  );
}
