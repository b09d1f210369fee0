import type { Metadata } from "next";
import Link from "next/link";
import { Compass } from "lucide-react";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = { title: { absolute: "404 Page Not Found" } };

export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Compass className="size-8" aria-hidden />
      </div>
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="max-w-sm text-muted-foreground">
          This page doesn&apos;t exist or has moved. Let&apos;s get you back to your videos.
        </p>
      </div>
      <Button asChild size="lg">
        <Link href="/">Back to Home</Link>
      </Button>
    </main>
  );
}
