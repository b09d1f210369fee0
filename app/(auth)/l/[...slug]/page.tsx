import type { Metadata } from "next";
import { AuthCallback } from "@/components/auth/auth-callback";

export const metadata: Metadata = { title: "Confirming your email" };

export default function Page() {
  return <AuthCallback />;
}
