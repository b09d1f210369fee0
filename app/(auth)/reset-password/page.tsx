import type { Metadata } from "next";
import { AuthShell } from "@/components/auth/auth-shell";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata: Metadata = { title: "Choose a new password" };

export default function Page() {
  return (
    <AuthShell title="Choose a new password" subtitle="Pick something at least 6 characters long.">
      <ResetPasswordForm />
    </AuthShell>
  );
}
