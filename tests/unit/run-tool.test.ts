/**
 * Stopping a tool: an aborted run ends its process and whatever that process started, even a
 * program that ignores SIGTERM (ffmpeg waiting to open its input), and rejects with "was stopped".
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MediaToolError, runTool, STOP_GRACE_MS, toSpeechWav } from "@/lib/media/ffmpeg";
import { processesMatching, waitUntil } from "../helpers/processes";

const dir = mkdtempSync(path.join(tmpdir(), "lingoreel-run-tool-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("stopping a tool", () => {
  it("kills ffmpeg that ignores SIGTERM while it waits for its input", async () => {
    // A named pipe nobody writes to: ffmpeg blocks opening it, deaf to SIGTERM.
    const fifo = path.join(dir, "never-written.wav");
    execFileSync("mkfifo", [fifo]);
    const controller = new AbortController();
    const run = toSpeechWav({ path: fifo, format: "wav" }, path.join(dir, "out.wav"), { signal: controller.signal });
    run.catch(() => {});
    try {
      await waitUntil(() => processesMatching(fifo).length === 1, "ffmpeg to start");
      const [pid] = processesMatching(fifo);
      // Until it is inside open(), SIGTERM would still end it; the kernel names that wait.
      const since = Date.now();
      await waitUntil(() => readFileSync(`/proc/${pid}/wchan`, "utf8") === "wait_for_partner" || Date.now() - since > 1000, "ffmpeg to block");

      const abortedAt = Date.now();
      controller.abort();
      await expect(run).rejects.toThrow(new MediaToolError("ffmpeg was stopped"));
      expect(Date.now() - abortedAt).toBeLessThan(STOP_GRACE_MS + 3000);
      expect(processesMatching(fifo)).toEqual([]);
    } finally {
      controller.abort();
    }
  });

  it("stops what the tool started, too", async () => {
    // A shell that starts a child and waits for it, as yt-dlp waits for its ffmpeg.
    const marker = `${process.pid}${Date.now() % 100000}`;
    const controller = new AbortController();
    const run = runTool("sh", ["-c", `sleep 3${marker} & wait`], controller.signal);
    run.catch(() => {});
    try {
      // The shell's command line names the sleep too: two processes.
      await waitUntil(() => processesMatching(`sleep 3${marker}`).length === 2, "the child to start");

      controller.abort();
      await expect(run).rejects.toThrow("sh was stopped");
      await waitUntil(() => processesMatching(`sleep 3${marker}`).length === 0, "both to stop", 1000);
    } finally {
      controller.abort();
    }
  });

  it("does not start a tool whose job has already stopped", async () => {
    await expect(runTool("sh", ["-c", "exit 0"], AbortSignal.abort())).rejects.toThrow("sh was stopped");
  });
});
