import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // Server-side test helpers follow vitest's naming (useTestDb registers hooks), not React's.
    files: ["tests/helpers/**", "tests/integration/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    ignores: [".next/**", ".data/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "drizzle/**"],
  },
];

export default config;
