/**
 * The colours the browser paints around the app (the title bar of the installed app, the address
 * bar on phones, the splash screen), matched to the light and dark themes' backgrounds in
 * app/globals.css. public/offline.html repeats them: it is a static file.
 */
export const BRAND_COLOR = "#6d28d9";
export const LIGHT_BACKGROUND = "#fcfcff";
export const DARK_BACKGROUND = "#0d0d18";
