/** A local S3-compatible server for integration tests, and a store that talks to it. */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { S3Config } from "@/lib/env";

export type LocalS3 = { config: S3Config; stop: () => Promise<void> };

export async function startLocalS3(bucket = "lingoreel-test"): Promise<LocalS3> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "lingoreel-s3-"));
  const script = fileURLToPath(new URL("./s3rver-process.mjs", import.meta.url));
  const child = spawn(process.execPath, [script, dir, bucket], { stdio: ["pipe", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n")) resolve((JSON.parse(line!) as { port: number }).port);
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return {
    config: {
      kind: "s3",
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's fixed development credentials.
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      forcePathStyle: true,
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
