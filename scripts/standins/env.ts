/** Changing the app's configuration inside a test or a bench: the environment, then a fresh read of it. */
const ENV_CACHE = Symbol.for("lingoreel.env");

/** Sets (or, with undefined, removes) variables and makes the app read its configuration again. */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  delete (globalThis as Record<symbol, unknown>)[ENV_CACHE];
}

/** Points the app at an OpenAI-compatible server (or at none). */
export function setAiServer(url: string | undefined): void {
  setEnv({ OPENAI_API_KEY: url ? "test-key" : undefined, OPENAI_BASE_URL: url });
}
