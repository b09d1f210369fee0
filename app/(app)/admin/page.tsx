import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/access-denied";
import { AdminDashboard } from "@/components/admin/admin-dashboard";
import { ClientMessages } from "@/components/i18n/client-messages";
import { getPageUser } from "@/lib/auth/page-user";
import { pageData } from "@/lib/pages/page-data";
import { env } from "@/lib/env";
import { isStaff } from "@/lib/services/videos";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("admin"))("metaTitle") };
}

export default async function AdminPage() {
  // The layout has already required a session and both languages; the role is checked here, on the server.
  const user = (await getPageUser())?.user;
  if (!user || !isStaff(user)) return <AccessDenied privileges="administrator" home="/home" />;
  return (
    <HydrationBoundary state={await pageData(["admin"])}>
      <ClientMessages namespaces={["admin"]}>
        {/* Whether an AI provider is configured: the form and the directory say what needs one. */}
        <AdminDashboard aiProvider={Boolean(env().openai)} />
      </ClientMessages>
    </HydrationBoundary>
  );
}
