/** The web app manifest (/manifest.webmanifest): what lets a browser install LingoReel as an app. */
import type { MetadataRoute } from "next";
import { BRAND_COLOR, LIGHT_BACKGROUND } from "@/lib/pwa/theme";

const icon = (name: string, size: number, purpose: "any" | "maskable") => ({
  src: `/icons/${name}-${size}.png`,
  sizes: `${size}x${size}`,
  type: "image/png",
  purpose,
});

export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "LingoReel",
    short_name: "LingoReel",
    description: "Learn languages from videos: live word-by-word captions, quick vocabulary quizzes and a daily streak.",
    start_url: "/home",
    scope: "/",
    display: "standalone",
    background_color: LIGHT_BACKGROUND,
    theme_color: BRAND_COLOR,
    categories: ["education"],
    icons: [icon("icon", 192, "any"), icon("icon", 512, "any"), icon("maskable", 192, "maskable"), icon("maskable", 512, "maskable")],
  };
}
