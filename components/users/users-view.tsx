"use client";
/**
 * The owner's Users screen (SPEC §2 "Users"): everyone's account, role and dates, with role
 * changes and deletion; and inviting people, with the invitations still open.
 */
import { useLocale } from "next-intl";
import { useTranslations } from "@/lib/i18n/use-translations";
import { useMemo } from "react";
import { AccessDenied } from "@/components/access-denied";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiRequestError } from "@/lib/data/api";
import { useAdminUsers } from "@/lib/data/use-admin-users";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { InvitationsPanel } from "./invitations-panel";
import { InviteDialog } from "./invite-dialog";
import { UserRow, UserRowSkeleton } from "./user-row";

const SKELETON_ROWS = 5;

/** Dates in the viewer's own time zone and language, the same on the server and in the browser. */
function useDateFormat(timeZone: string | undefined) {
  const locale = useLocale();
  return useMemo(() => {
    // English dates as before: "Jan 5, 2026".
    const language = locale === "en" ? "en-US" : locale;
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: timeZone ?? "UTC" });
    } catch {
      format = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
    }
    return (iso: string) => format.format(new Date(iso));
  }, [locale, timeZone]);
}

export function UsersView() {
  const t = useTranslations("users");
  const { user: me, isLoading } = useCurrentUser();
  const isOwner = me?.role === "owner";
  const users = useAdminUsers({ enabled: isOwner });
  const formatDate = useDateFormat(me?.timeZone);

  const refused = users.error instanceof ApiRequestError && (users.error.status === 403 || users.error.status === 401);
  if ((!isLoading && !isOwner) || refused) return <AccessDenied privileges="owner" home="/" testId="users-access-denied" />;

  const list = users.data;
  const loading = !list && !users.error;
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-end justify-between gap-2">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="text-muted-foreground">{t("description")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {list ? (
            <p className="text-sm text-muted-foreground" data-testid="user-count">
              {t("count", { count: list.length })}
            </p>
          ) : null}
          {isOwner ? <InviteDialog /> : null}
        </div>
      </header>

      <InvitationsPanel enabled={isOwner} formatDate={formatDate} />

      <section className="overflow-hidden rounded-2xl border bg-card shadow-sm" aria-label={t("allUsers")}>
        {users.error && !refused ? (
          <div className="flex flex-col items-center gap-3 px-6 py-10 text-center text-muted-foreground">
            <p>{t("loadFailed")}</p>
            <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
              {t("tryAgain")}
            </Button>
          </div>
        ) : (
          <Table aria-busy={loading || undefined} aria-label={loading ? t("loading") : t("table")}>
            <TableHeader className="bg-muted/40">
              <TableRow className="hover:bg-transparent">
                <TableHead>{t("userColumn")}</TableHead>
                <TableHead>{t("roleColumn")}</TableHead>
                <TableHead className="hidden md:table-cell">{t("joinedColumn")}</TableHead>
                <TableHead className="hidden lg:table-cell">{t("lastSignInColumn")}</TableHead>
                <TableHead className="w-10">
                  <span className="sr-only">{t("actionsColumn")}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loading ? (
                Array.from({ length: SKELETON_ROWS }, (_, i) => <UserRowSkeleton key={i} />)
              ) : list && list.length > 0 ? (
                list.map((user) => <UserRow key={user.id} user={user} isSelf={user.id === me?.id} formatDate={formatDate} />)
              ) : (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={5} className="py-10 text-center text-muted-foreground">
                    {t("empty")}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        )}
      </section>
    </main>
  );
}
