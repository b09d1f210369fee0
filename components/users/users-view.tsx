"use client";
/** The owner's Users screen (SPEC §2 "Users"): everyone's account, role and dates, with role changes and deletion. */
import { useMemo } from "react";
import { AccessDenied } from "@/components/access-denied";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ApiRequestError } from "@/lib/data/api";
import { useAdminUsers } from "@/lib/data/use-admin-users";
import { useCurrentUser } from "@/lib/data/use-current-user";
import { UserRow, UserRowSkeleton } from "./user-row";

const SKELETON_ROWS = 5;

/** Dates in the viewer's own time zone, the same on the server and in the browser. */
function useDateFormat(timeZone: string | undefined) {
  return useMemo(() => {
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: timeZone ?? "UTC" });
    } catch {
      format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
    }
    return (iso: string) => format.format(new Date(iso));
  }, [timeZone]);
}

export function UsersView() {
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
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Users</h1>
          <p className="text-muted-foreground">Give people a role, or remove their account.</p>
        </div>
        {list ? (
          <p className="text-sm text-muted-foreground" data-testid="user-count">
            {list.length === 1 ? "1 user" : `${list.length} users`}
          </p>
        ) : null}
      </header>

      <section className="overflow-hidden rounded-2xl border bg-card shadow-sm" aria-label="All users">
        {users.error && !refused ? (
          <div className="flex flex-col items-center gap-3 px-6 py-10 text-center text-muted-foreground">
            <p>Could not load users.</p>
            <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Table aria-busy={loading || undefined} aria-label={loading ? "Loading users" : "Users"}>
            <TableHeader className="bg-muted/40">
              <TableRow className="hover:bg-transparent">
                <TableHead>User</TableHead>
                <TableHead>Role</TableHead>
                <TableHead className="hidden md:table-cell">Joined</TableHead>
                <TableHead className="hidden lg:table-cell">Last sign-in</TableHead>
                <TableHead className="w-10">
                  <span className="sr-only">Actions</span>
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
                    No users found
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
