import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { HeaderShell } from "./header-shell";

/** Header for visitors: logo, Login and Get Started (Login alone on an invitation-only install). */
export async function PublicHeader({ signupOpen = true }: { signupOpen?: boolean }) {
  const t = await getTranslations("publicHeader");
  return (
    <HeaderShell>
      <nav className="flex items-center gap-1 sm:gap-2">
        <Button asChild variant={signupOpen ? "ghost" : "default"} className="px-3 sm:px-4">
          <Link href="/login">{t("login")}</Link>
        </Button>
        {signupOpen ? (
          <Button asChild className="px-3 sm:px-4">
            <Link href="/signup">{t("getStarted")}</Link>
          </Button>
        ) : null}
      </nav>
    </HeaderShell>
  );
}
