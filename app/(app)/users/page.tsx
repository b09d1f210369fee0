import { HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { UsersView } from "@/components/users/users-view";
import { getPageUser } from "@/lib/auth/page-user";
import { pageData } from "@/lib/pages/page-data";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("metaTitle") };
}

/** Owners only (SPEC §6): anyone else is sent home before the page is built. */
export default async function UsersPage() {
  if ((await getPageUser())?.user?.role !== "owner") redirect("/");
  return (
    <HydrationBoundary state={await pageData(["users"])}>
      <ClientMessages namespaces={["users"]}>
        <UsersView />
      </ClientMessages>
    </HydrationBoundary>
  );
}
