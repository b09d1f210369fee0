import Link from "next/link";
import { Button } from "@/components/ui/button";
import { HeaderShell } from "./header-shell";

/** Header for visitors: logo, Login and Get Started. */
export function PublicHeader() {
  return (
    <HeaderShell>
      <nav className="flex items-center gap-1 sm:gap-2">
        <Button asChild variant="ghost" className="px-3 sm:px-4">
          <Link href="/login">Login</Link>
        </Button>
        <Button asChild className="px-3 sm:px-4">
          <Link href="/signup">Get Started</Link>
        </Button>
      </nav>
    </HeaderShell>
  );
}
