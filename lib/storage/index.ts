/**
 * Where uploaded files live: `getStorage()` gives the process's store, chosen by configuration
 * (S3_BUCKET set: an S3-compatible bucket; otherwise DATA_DIR/uploads).
 */
import { env, type StorageConfig } from "@/lib/env";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { Storage } from "./types";

export * from "./types";
export { createLocalStorage } from "./local";
export { createS3Client, createS3Storage } from "./s3";

export function createStorage(config: StorageConfig): Storage {
  return config.kind === "s3" ? createS3Storage(config) : createLocalStorage(config.dir);
}

const cacheKey = Symbol.for("lingoreel.storage");
type GlobalWithStorage = typeof globalThis & { [cacheKey]?: Storage };

/** The process's store, made on first use (kept on globalThis so every server bundle shares it). */
export function getStorage(): Storage {
  const g = globalThis as GlobalWithStorage;
  return (g[cacheKey] ??= createStorage(env().storage));
}

/** Replaces the process's store (tests); undefined goes back to the configured one. */
export function installStorage(storage: Storage | undefined): void {
  (globalThis as GlobalWithStorage)[cacheKey] = storage;
}
