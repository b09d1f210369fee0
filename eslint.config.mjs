import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * A learner's words (lib/words): the services of each concern, and the pure modules the browser
 * shares (the word key, the player's tokens and review placement, interval wording, the band).
 */
const WORD_SERVICES = ["./lib/words/lemma.ts", "./lib/words/meanings", "./lib/words/statuses", "./lib/words/cards/cards.ts", "./lib/words/cards/in-video.ts", "./lib/words/comprehension/cards.ts", "./lib/words/export"];
const WORD_SHARED = ["./lib/words/key.ts", "./lib/words/line-tokens.ts", "./lib/words/cards/placement.ts", "./lib/words/cards/format.ts", "./lib/words/cards/scheduler.ts", "./lib/words/comprehension/band.ts"];

/**
 * The layers of ARCHITECTURE.md ("Layers the tools enforce"). Each zone names the files that may
 * not import from a folder; imports are resolved (the `@/` alias and relative paths alike).
 */
const layers = [
  { target: "./db", from: "./lib", except: ["./env.ts"], message: "db/ imports nothing from lib/ but the typed env: move the rule into lib/ and pass db/ plain data." },
  { target: "./db", from: ["./app", "./components", "./workers", "./scripts", "./tests"], message: "db/ is the bottom layer." },
  { target: "./lib", from: ["./app", "./components", "./workers", "./scripts", "./tests"], message: "lib/ never imports screens, components, the worker entry, scripts or tests." },
  {
    target: "./lib/jobs",
    from: "./lib",
    except: ["./jobs", "./env.ts"],
    message: "lib/jobs is a leaf (queue names, payloads, enqueue): job handlers live in lib/pipeline.",
  },
  { target: ["./lib/services", "./lib/words"], from: ["./lib/pages", "./lib/data", "./lib/setup"], message: "Services sit under the page data and the client hooks." },
  { target: "./lib/pipeline", from: ["./lib/services", "./lib/pages", "./lib/data", ...WORD_SERVICES], message: "The pipeline works on db/queries; it does not call services (permissions) or page data." },
  {
    target: ["./lib/text", "./lib/player", "./lib/validation", "./lib/types", ...WORD_SHARED],
    from: ["./db/client.ts", "./db/queries", "./lib/services", "./lib/pages", "./lib/pipeline", "./lib/jobs", "./lib/setup", "./lib/auth-server", ...WORD_SERVICES],
    message: "Shared by browser and server: no server modules (db/schema's types are fine).",
  },
  { target: "./workers", from: "./app", message: "The worker never imports app/." },
  { target: "./scripts", from: "./tests", message: "Scripts never import tests: put what both need in scripts/standins/." },
];

/** Server modules a browser module must not pull in (types are fine: they are erased). */
const serverOnly = {
  patterns: [
    {
      group: ["@/db/*", "@/lib/services/*", "@/lib/words/lemma", "@/lib/words/meanings/*", "@/lib/words/statuses/*", "@/lib/words/cards/cards", "@/lib/words/cards/in-video", "@/lib/words/comprehension/cards", "@/lib/words/export/*", "@/lib/pages/*", "@/lib/pipeline/*", "@/lib/jobs/*", "@/lib/setup/*", "@/lib/auth-server", "@/lib/auth-server/*"],
      allowTypeImports: true,
      message: "A browser module: read through the API (lib/data hooks), never a server module.",
    },
  ],
};

/** Sonner arrives with the first toast (lib/toast.ts); importing it elsewhere puts it on the first load. */
const lazySonner = { name: "sonner", allowTypeImports: true, message: "Toast with `toast` from @/lib/toast: it fetches sonner with the first toast." };

/**
 * Zod is 30 KB gzip: the data hooks and the screens every signed-in page shows take only types from
 * lib/validation (zod-free constants live in lib/validation/limits.ts). Forms that validate with a
 * schema load it with their own screen.
 */
const zodFree = {
  group: ["@/lib/validation/*", "!@/lib/validation/limits"],
  allowTypeImports: true,
  message: "This module loads with every signed-in page: import only types from lib/validation (put constants in lib/validation/limits.ts), or zod loads with it.",
};
const EVERY_PAGE = ["lib/data/**", "components/layout/**", "components/home/**", "components/providers/**", "components/video/**", "components/player/**", "components/words/**", "components/review/**"];

/** Queries are written in db/queries/; the layers above call them. */
const noRawDrizzle = {
  paths: [{ name: "drizzle-orm", allowTypeImports: true, message: "Write the query in db/queries/<resource>.ts and call it." }],
  patterns: [{ group: ["drizzle-orm/*"], allowTypeImports: true, message: "Write the query in db/queries/<resource>.ts and call it." }],
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Test helpers and fixtures follow vitest's and Playwright's naming (useTestDb, `use`), not React's.
    files: ["tests/helpers/**", "tests/integration/**", "tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  { rules: { "import/no-restricted-paths": ["error", { zones: layers }] } },
  // One no-restricted-imports entry per file: a later one for the same file would replace it, not add to it.
  { files: ["components/**", "lib/data/**"], rules: { "no-restricted-imports": ["error", { ...serverOnly, paths: [lazySonner] }] } },
  // The admin's hooks load with the admin screen only.
  {
    files: EVERY_PAGE,
    ignores: ["lib/data/use-admin-videos.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...serverOnly.patterns, zodFree], paths: [lazySonner] }] },
  },
  // The toaster itself, loaded with the first toast.
  { files: ["components/providers/app-toaster.tsx", "components/ui/sonner.tsx"], rules: { "no-restricted-imports": ["error", serverOnly] } },
  { files: ["app/**", "lib/services/**", "lib/pipeline/**", "lib/pages/**", "lib/setup/**"], rules: { "no-restricted-imports": ["error", noRawDrizzle] } },
  {
    // The browser's catalogues write plurals' counts with the values this hook adds (lib/i18n/counts.ts).
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["lib/i18n/use-translations.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='next-intl'] > ImportSpecifier[imported.name='useTranslations']",
          message: "Translate with useTranslations from @/lib/i18n/use-translations: it passes the counts' text that the browser's catalogues use for `#`.",
        },
      ],
    },
  },
  {
    // Services never see the request: a route handler reads it and passes plain values.
    files: ["lib/services/**"],
    rules: {
      "@typescript-eslint/no-restricted-types": [
        "error",
        { types: { Request: "Read the request in the route (or lib/uploads) and pass the service plain values.", NextRequest: "Read the request in the route and pass the service plain values." } },
      ],
    },
  },
  {
    ignores: [".next/**", ".data/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "drizzle/**"],
  },
];

export default config;
