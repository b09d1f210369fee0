"use client";
/** Mounted once in the root layout: registers the app's service worker (lib/pwa/register.ts). */
import { useEffect } from "react";
import { registerServiceWorker } from "@/lib/pwa/register";

export function ServiceWorker() {
  useEffect(() => registerServiceWorker(), []);
  return null;
}
