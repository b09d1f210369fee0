/**
 * Test media made once per vitest run: the run's global setup makes a temporary folder and names
 * it in LINGOREEL_TEST_MEDIA_CACHE; each sample (ffmpeg's and espeak-ng's work, by its recipe) is
 * made there the first time a test file asks for it, and copied to where the file wants it after
 * that. Without the variable (Playwright) every sample is made where it is asked for.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const CACHE_ENV = "LINGOREEL_TEST_MEDIA_CACHE";

/** vitest's global setup: the run's folder, set before the test files' processes start, removed after the run. */
export default function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lingoreel-test-media-"));
  process.env[CACHE_ENV] = dir;
  return () => {
    delete process.env[CACHE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

/** `file`, made by `make(out)` into the run's cache for this `recipe` (what makes it: tools, options, text), then copied. */
export async function cachedMedia(file: string, recipe: unknown, make: (out: string) => Promise<void>): Promise<string> {
  const dir = process.env[CACHE_ENV];
  if (!dir) {
    await make(file);
    return file;
  }
  const cached = path.join(dir, `${createHash("sha256").update(JSON.stringify(recipe)).digest("hex").slice(0, 32)}${path.extname(file)}`);
  try {
    await fs.copyFile(cached, file);
    return file;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  // Two files asking at once both make it; each renames a whole file into place.
  const part = path.join(dir, `${randomBytes(6).toString("hex")}.part${path.extname(file)}`);
  await make(part);
  await fs.rename(part, cached);
  await fs.copyFile(cached, file);
  return file;
}
