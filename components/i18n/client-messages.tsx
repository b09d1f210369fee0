/**
 * The catalogue's namespaces a part of the page translates in the browser, in the request's
 * language. Everything else stays on the server: a page ships only what its client components use.
 */
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { replacePounds } from "@/lib/i18n/counts";

export type Namespace = keyof IntlMessages;
type IntlMessages = Awaited<ReturnType<typeof getMessages>>;

/** What any screen may show: the forms' rule messages (components/ui/form.tsx), the API's errors (lib/data/use-error-text.ts) and the shared components' words. */
const COMMON: readonly Namespace[] = ["validation", "apiErrors", "common", "ui", "signOut"];

export async function ClientMessages({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  const messages = await getMessages();
  // The browser writes plurals' counts without Intl.NumberFormat (lib/i18n/counts.ts).
  const picked = replacePounds(Object.fromEntries([...COMMON, ...namespaces].map((name) => [name, messages[name]])));
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
