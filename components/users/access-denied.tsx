/** What a non-owner sees on the Users screen (SPEC §2), should they get there at all. */
import { ShieldAlert } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

export function UsersAccessDenied() {
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center" data-testid="users-access-denied">
      <span className="grid size-12 place-items-center rounded-full bg-destructive/10 text-destructive">
        <ShieldAlert className="size-6" aria-hidden />
      </span>
      <h1 className="sr-only">Access Denied</h1>
      <p className="text-lg">
        <strong className="font-semibold">Access Denied:</strong> You need owner privileges to access this page.
      </p>
      <Button asChild variant="outline">
        <Link href="/">Return to Home</Link>
      </Button>
    </main>
  );
}
