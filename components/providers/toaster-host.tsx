"use client";
/**
 * The toaster, at the root so a toast outlives the move to another screen ('Signed out' shows on
 * the landing page). Its code (sonner) is fetched on the first toast (lib/toast.ts), so pages
 * that never toast never load it.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { onToasterRequested } from "@/lib/toast";

const AppToaster = lazy(() => import("./app-toaster").then((m) => ({ default: m.AppToaster })));

export function ToasterHost() {
  const [shown, setShown] = useState(false);
  useEffect(() => onToasterRequested(() => setShown(true)), []);
  return shown ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
