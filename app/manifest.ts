/** The web app manifest (/manifest.webmanifest): what lets a browser install LingoReel as an app. */
import type { MetadataRoute } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { BRAND_COLOR, LIGHT_BACKGROUND } from "@/lib/pwa/theme";

const icon = (name: string, size: number, purpose: "any" | "maskable") => ({
  src: `/icons/${name}-${size}.png`,
  sizes: `${size}x${size}`,
  type: "image/png",
  purpose,
});

/** In the reader's language (the browser asks for it with the page's cookies). */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const [t, lang] = await Promise.all([getTranslations("metadata"), getLocale()]);
  return {
    id: "/",
    name: "LingoReel",
    short_name: "LingoReel",
    description: t("manifestDescription"),
    lang,
    start_url: "/home",
    scope: "/",
    display: "standalone",
    background_color: LIGHT_BACKGROUND,
    theme_color: BRAND_COLOR,
    categories: ["education"],
    icons: [icon("icon", 192, "any"), icon("icon", 512, "any"), icon("maskable", 192, "maskable"), icon("maskable", 512, "maskable")],
  };
}
