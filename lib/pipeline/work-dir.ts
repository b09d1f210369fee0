/**
 * A processing run's scratch folder (the source audio, its 16 kHz copy, the pieces sent for
 * transcription), in the system's temporary folder. A run removes its own when it ends; a worker
 * that was killed cannot, so a worker starting up removes the folders no run has touched for
 * longer than a run may last (JOB_EXPIRE_SECONDS stops every run).
 */
import "server-only";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

const PREFIX = "lingoreel-video-";

export const makeWorkDir = (videoId: number) => mkdtemp(path.join(tmpdir(), `${PREFIX}${videoId}-`));

/** Removes the run folders last changed more than `olderThanMs` ago; returns their paths. */
export async function removeStaleWorkDirs(olderThanMs: number, root = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(PREFIX))) {
    const dir = path.join(root, name);
    try {
      const info = await stat(dir);
      if (!info.isDirectory() || Date.now() - info.mtimeMs <= olderThanMs) continue;
      await rm(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Removed meanwhile, or not ours to remove: left alone.
    }
  }
  return removed;
}
