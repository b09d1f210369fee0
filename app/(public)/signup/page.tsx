import type { Metadata } from "next";
import { Suspense } from "react";
import { AuthShell } from "@/components/auth/auth-shell";
import { SignupForm } from "@/components/auth/signup-form";

export const metadata: Metadata = { title: "Create your account" };

export default function Page() {
  return (
    <AuthShell title="Create your account" subtitle="Start learning from videos in a minute. It's free.">
      <Suspense>
        <SignupForm />
      </Suspense>
    </AuthShell>
  );
}
