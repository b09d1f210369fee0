import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Test helpers and fixtures follow vitest's and Playwright's naming (useTestDb, `use`), not React's.
    files: ["tests/helpers/**", "tests/integration/**", "tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    // Layers (ARCHITECTURE.md): lib/ never imports components/.
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/components/*", "**/components/*"], message: "lib/ never imports components/: move the shared piece into lib/." }] }],
    },
  },
  {
    // Layers: screens read data through their page (app/), never a service or the database directly.
    files: ["components/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/lib/services/*", "@/lib/pages/*", "@/db/*"], message: "components/ get their data from the page (app/) or the API: fetch it there and pass it down." }] }],
    },
  },
  {
    ignores: [".next/**", ".data/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "drizzle/**"],
  },
];

export default config;
