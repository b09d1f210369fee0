"use client";
/**
 * The toaster, at the root so a toast outlives the move to another screen ('Signed out' shows on
 * the landing page). Its code (sonner) is fetched on the first toast (lib/toast.ts), so pages
 * that never toast never load it.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { onToasterRequested, toasterWanted } from "@/lib/toast";

const AppToaster = lazy(() => import("./app-toaster").then((m) => ({ default: m.AppToaster })));

export function ToasterHost() {
  // Mounted again (a new root) after the toaster was loaded: it shows at once.
  const [shown, setShown] = useState(toasterWanted);
  useEffect(() => onToasterRequested(() => setShown(true)), []);
  return shown ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
