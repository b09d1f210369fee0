/**
 * The production server (`npm start`, which builds first when the build is missing or stale) on a
 * temporary database, for the benches that measure the app as deployed (highlight, api, weight). A
 * `prepare` script, run first with the same environment, fills the database.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "@/lib/setup/demo-accounts";
import playwrightConfig from "@/playwright.config";

const ROOT = process.cwd();
export const ANON_KEY = "embedded-anon-key";

export type AppServer = { baseURL: string; pid: number | undefined; stop: () => Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startApp(options: {
  env: Record<string, string>;
  /** A script (path from the repository root) run with tsx before the server starts. */
  prepare?: string;
  port?: number;
  /** Node's own flags for the server process, e.g. --cpu-prof (`npm start` passes them on to the server it runs). */
  nodeArgs?: string[];
}): Promise<AppServer> {
  const env = { ...process.env, ...options.env };
  if (options.prepare) {
    const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
    const prepared = spawnSync(tsx, ["--conditions=react-server", options.prepare], { cwd: ROOT, env, encoding: "utf8" });
    if (prepared.status !== 0) throw new Error(`Preparing the database failed:\n${prepared.stderr || prepared.stdout}`);
  }
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), "scripts/start.mjs"], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Shown: the build's progress. Kept, to show should the server stop: the rest of its output.
  const output: string[] = [];
  let stopping = false;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (/build|Built/i.test(text)) process.stdout.write(`  ${text.trim()}\n`);
    output.push(text);
    if (output.length > 200) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      if (!stopping) console.error(`  The app server stopped (exit ${code}). Its last output:\n${output.join("")}`);
      resolve(code);
    }),
  );
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const up = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("waiting"), 500))]);
    if (code !== "waiting") throw new Error(`The app server stopped (exit ${code}) before it was ready.`);
    if (Date.now() > deadline) throw new Error("The app server was not ready within 10 minutes.");
  }
  return {
    baseURL,
    pid: child.pid,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Chromium with the browser tests' launch options (playwright.config.ts). */
export function launchChromium(): Promise<Browser> {
  const launch = playwrightConfig.use?.launchOptions ?? {};
  return chromium.launch({ ...launch, executablePath: launch.executablePath ?? "/usr/bin/chromium" });
}

export async function api<T>(baseURL: string, pathname: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = { "content-type": "application/json", apikey: ANON_KEY, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) };
  const response = await fetch(`${baseURL}${pathname}`, { ...init, headers });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const learner = () => DEMO_ACCOUNTS.find((a) => a.role === "user")!;

/** An access token of the demo learner, for API calls. */
export async function learnerToken(baseURL: string): Promise<string> {
  const { email, password } = learner();
  const session = await api<{ access_token: string }>(baseURL, "/auth/v1/token?grant_type=password", { method: "POST", body: JSON.stringify({ email, password }) });
  return session.access_token;
}

/** The demo learner, signed in through the login screen; `token`: an access token for API calls. */
export async function signInLearner(browser: Browser, baseURL: string): Promise<{ page: Page; token: string }> {
  const token = await learnerToken(baseURL);
  const { email, password } = learner();
  const page = await browser.newPage({ baseURL, viewport: { width: 1280, height: 720 } });
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/home$/);
  return { page, token };
}

/** What a browser bench runs against: the app on a temporary database, Chromium, and the demo learner signed in. */
export type SignedInBench = { app: AppServer; browser: Browser; token: string; learner: BrowserContextOptions["storageState"] };

/** Runs `fn` with the app started on a fresh temporary database and the learner signed in; stops and removes all after. */
export async function withSignedInLearner(name: string, fn: (bench: SignedInBench) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `lingoreel-bench-${name}-`));
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  try {
    app = await startApp({ env: { DATA_DIR: dataDir } });
    browser = await launchChromium();
    const { page, token } = await signInLearner(browser, app.baseURL);
    const learner = await page.context().storageState();
    await page.close();
    await fn({ app, browser, token, learner });
  } finally {
    await browser?.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
