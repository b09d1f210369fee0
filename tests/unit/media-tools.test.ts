/**
 * Which ffmpeg runs: the configured one, else the system's, else the static build from
 * node_modules, which really converts audio, so a machine without ffmpeg still processes uploads.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mediaDurationMs, toSpeechWav } from "@/lib/media/ffmpeg";
import { describeMediaTools, mediaToolsWarning, resolveTool } from "@/lib/media/tools";
import { probeAudioFile } from "@/lib/uploads/ffprobe";
import { setEnv } from "@/scripts/standins/env";

const saved = { PATH: process.env.PATH, FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH };
let dir: string;
let emptyDir: string;
let fakeBin: string;
let clip: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "lingoreel-tools-"));
  emptyDir = path.join(dir, "empty");
  fakeBin = path.join(dir, "bin");
  execFileSync("mkdir", ["-p", emptyDir, fakeBin]);
  for (const name of ["ffmpeg", "ffprobe"]) {
    writeFileSync(path.join(fakeBin, name), "#!/bin/sh\nexit 0\n");
    chmodSync(path.join(fakeBin, name), 0o755);
  }
  // Not executable: must be passed over.
  writeFileSync(path.join(emptyDir, "ffmpeg"), "not a program");
  clip = path.join(dir, "clip.wav");
  execFileSync("espeak-ng", ["-v", "es", "-w", clip, "Buenos días"]);
});
afterEach(() => setEnv(saved));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("media tools", () => {
  it("runs FFMPEG_PATH when it is set, and the ffprobe beside it", () => {
    setEnv({ FFMPEG_PATH: "/opt/media/ffmpeg", FFPROBE_PATH: undefined });
    expect(resolveTool("ffmpeg")).toEqual({ path: "/opt/media/ffmpeg", source: "environment" });
    expect(resolveTool("ffprobe")).toEqual({ path: "/opt/media/ffprobe", source: "environment" });
    setEnv({ FFPROBE_PATH: "/usr/local/bin/ffprobe" });
    expect(resolveTool("ffprobe")).toEqual({ path: "/usr/local/bin/ffprobe", source: "environment" });
  });

  it("prefers the system's ffmpeg on the PATH, skipping files that are not programs", () => {
    setEnv({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined, PATH: [emptyDir, fakeBin].join(path.delimiter) });
    expect(resolveTool("ffmpeg")).toEqual({ path: path.join(fakeBin, "ffmpeg"), source: "system" });
    expect(describeMediaTools()).toContain(`ffmpeg ${path.join(fakeBin, "ffmpeg")} (system)`);
    expect(mediaToolsWarning()).toBeNull();
  });

  const packaged = existsSync(path.join(process.cwd(), "node_modules", "@ffmpeg-installer", `${process.platform}-${process.arch}`));
  it.runIf(packaged)("falls back to the static build from npm, which converts, measures and recognises audio", async () => {
    setEnv({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined, PATH: emptyDir });
    const ffmpeg = resolveTool("ffmpeg");
    expect(ffmpeg.source).toBe("npm package");
    expect(ffmpeg.path).toContain(path.join("node_modules", "@ffmpeg-installer"));
    expect(resolveTool("ffprobe").source).toBe("npm package");
    // The worker's start log says it is the old build and what to do.
    expect(mediaToolsWarning()).toMatch(/static build from npm \(ffmpeg 4\.1, 2018\).*apt install ffmpeg/);

    const out = path.join(dir, "speech.wav");
    await toSpeechWav({ path: clip, format: "wav" }, out);
    const header = readFileSync(out);
    expect(header.toString("ascii", 0, 4)).toBe("RIFF");
    expect(header.readUInt16LE(22)).toBe(1); // mono
    expect(header.readUInt32LE(24)).toBe(16_000);
    expect(statSync(out).size).toBeGreaterThan(1000);
    expect(await mediaDurationMs({ path: out, format: "wav" })).toBeGreaterThan(300);
    expect(await probeAudioFile(clip)).toMatchObject({ extension: "wav" });
  });

  it("runs ffmpeg and ffprobe on a file with its format forced, the file protocol only, and decoding capped", async () => {
    // Stand-ins that write down their arguments, one per line.
    const argsFile = path.join(dir, "args.txt");
    for (const name of ["ffmpeg", "ffprobe"]) {
      writeFileSync(path.join(dir, `recording-${name}`), `#!/bin/sh\nprintf '%s\\n' "$@" > "${argsFile}"\necho 12.5\n`);
      chmodSync(path.join(dir, `recording-${name}`), 0o755);
    }
    setEnv({ FFMPEG_PATH: path.join(dir, "recording-ffmpeg"), FFPROBE_PATH: path.join(dir, "recording-ffprobe") });
    const input = { path: path.join(dir, "upload"), format: "flac" } as const;
    const forced = ["-protocol_whitelist", "file", "-format_whitelist", "flac", "-f", "flac", "-i", `file:${input.path}`];
    const args = () => readFileSync(argsFile, "utf8").trimEnd().split("\n");

    await toSpeechWav(input, path.join(dir, "out.wav"), { maxSeconds: 7200 });
    const decode = args();
    const at = decode.indexOf("-protocol_whitelist");
    expect(decode.slice(at, at + forced.length)).toEqual(forced);
    // -t after the input: it caps the output, whatever the input's header says.
    expect(decode.indexOf("-t")).toBeGreaterThan(decode.indexOf("-i"));
    expect(decode[decode.indexOf("-t") + 1]).toBe("7200");

    expect(await mediaDurationMs(input)).toBe(12_500);
    expect(args().slice(-forced.length)).toEqual(forced);
  });

  it("says so when no ffmpeg can be found at all", () => {
    setEnv({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined, PATH: emptyDir });
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(resolveTool("ffmpeg")).toEqual({ path: "ffmpeg", source: "missing" });
      expect(describeMediaTools()).toContain("ffmpeg not found");
    } finally {
      process.chdir(cwd);
    }
  });
});
