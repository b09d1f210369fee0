"use client";

import * as React from "react";
import {
  CircleCheckIcon,
  InfoIcon,
  Loader2Icon,
  OctagonXIcon,
  TriangleAlertIcon,
} from "lucide-react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

function subscribeToThemeClass(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["class", "data-theme", "style"],
  });
  return () => observer.disconnect();
}

function readThemeClass(): "light" | "dark" {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Follows the `dark` class on <html>, which is how the app switches themes. */
function useDocumentTheme(): "light" | "dark" {
  return React.useSyncExternalStore(subscribeToThemeClass, readThemeClass, () => "light");
}

/**
 * Sonner's toaster in LingoReel's colours. Any prop is forwarded; without a `theme`
 * prop it follows the page's light/dark class.
 */
function Toaster({ theme, style, icons, toastOptions, ...props }: ToasterProps) {
  const documentTheme = useDocumentTheme();

  return (
    <Sonner
      theme={theme ?? documentTheme}
      className="toaster group"
      toastOptions={{
        ...toastOptions,
        classNames: {
          title: "!font-semibold",
          description: "!text-muted-foreground",
          ...toastOptions?.classNames,
        },
      }}
      icons={{
        success: <CircleCheckIcon className="size-4 text-success" />,
        info: <InfoIcon className="size-4 text-primary" />,
        warning: <TriangleAlertIcon className="size-4 text-warning" />,
        error: <OctagonXIcon className="size-4 text-destructive" />,
        loading: <Loader2Icon className="size-4 animate-spin text-muted-foreground" />,
        ...icons,
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--success-bg": "color-mix(in oklab, var(--success) 12%, var(--popover))",
          "--success-text": "var(--popover-foreground)",
          "--success-border": "color-mix(in oklab, var(--success) 35%, var(--border))",
          "--error-bg": "color-mix(in oklab, var(--destructive) 10%, var(--popover))",
          "--error-text": "var(--popover-foreground)",
          "--error-border": "color-mix(in oklab, var(--destructive) 35%, var(--border))",
          "--warning-bg": "color-mix(in oklab, var(--warning) 12%, var(--popover))",
          "--warning-text": "var(--popover-foreground)",
          "--warning-border": "color-mix(in oklab, var(--warning) 35%, var(--border))",
          "--info-bg": "color-mix(in oklab, var(--primary) 8%, var(--popover))",
          "--info-text": "var(--popover-foreground)",
          "--info-border": "color-mix(in oklab, var(--primary) 30%, var(--border))",
          "--border-radius": "var(--radius)",
          ...style,
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
