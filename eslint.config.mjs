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
    ignores: [".next/**", ".data/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "drizzle/**"],
  },
];

export default config;
