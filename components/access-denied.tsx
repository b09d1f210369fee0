/** What a screen shows someone without the role it needs (SPEC §2): the page sends them none of its data. */
import { ShieldAlert } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/use-translations";
import { Button } from "@/components/ui/button";

export function AccessDenied({ privileges, home, testId }: { privileges: "administrator" | "owner"; home: string; testId?: string }) {
  // A hook, not getTranslations: the Users screen (a client component) shows it too.
  const t = useTranslations("common");
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col items-center gap-5 px-4 py-16 text-center" data-testid={testId}>
      <span className="grid size-14 place-items-center rounded-full bg-destructive/10 text-destructive">
        <ShieldAlert aria-hidden className="size-7" />
      </span>
      {/* SPEC's sentence is "Access Denied: You need …": the heading's name; it shows on two lines, where the colon would dangle. */}
      <h1 className="text-2xl font-bold tracking-tight" data-testid="access-denied" aria-label={t("accessDeniedLabel", { role: privileges })}>
        {t("accessDenied")}{" "}
        <span className="mt-2 block text-base font-normal tracking-normal text-muted-foreground">
          {t("accessDeniedReason", { role: privileges })}
        </span>
      </h1>
      <Button asChild>
        <Link href={home}>{t("returnHome")}</Link>
      </Button>
    </main>
  );
}
