/**
 * Which ffmpeg and ffprobe run: FFMPEG_PATH / FFPROBE_PATH when set, else the system's (on the
 * PATH, e.g. Debian's `ffmpeg` package), else the static builds that `npm install` placed in
 * node_modules (@ffmpeg-installer, @ffprobe-installer), so a fresh install still processes uploads.
 * The order matters: ffmpeg parses files people upload, and the system's gets security fixes with
 * the system, while the npm ffmpeg is a 2018 build (4.1) that never will; workers warn at start
 * when it is the one in use.
 */
import { accessSync, constants, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export type ToolName = "ffmpeg" | "ffprobe";
export type ToolSource = "environment" | "system" | "npm package" | "missing";
export type ResolvedTool = { path: string; source: ToolSource };

const PACKAGE_SCOPE: Record<ToolName, string> = { ffmpeg: "@ffmpeg-installer", ffprobe: "@ffprobe-installer" };
const exe = process.platform === "win32" ? ".exe" : "";

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, searchPath = process.env.PATH ?? ""): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name + exe);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** The binary inside the npm package for this platform, when it was installed. */
function fromPackage(name: ToolName): string | null {
  try {
    // Resolved at run time from the project, so bundlers leave the binary where npm put it.
    const projectRequire = createRequire(path.join(process.cwd(), "package.json"));
    const manifest = projectRequire.resolve(`${PACKAGE_SCOPE[name]}/${process.platform}-${process.arch}/package.json`);
    const binary = path.join(path.dirname(manifest), name + exe);
    return isExecutable(binary) ? binary : null;
  } catch {
    return null;
  }
}

function fromEnvironment(name: ToolName): string | null {
  if (name === "ffmpeg") return process.env.FFMPEG_PATH || null;
  if (process.env.FFPROBE_PATH) return process.env.FFPROBE_PATH;
  // The ffprobe beside a configured ffmpeg.
  const ffmpeg = process.env.FFMPEG_PATH;
  return ffmpeg ? path.join(path.dirname(ffmpeg), `ffprobe${path.extname(ffmpeg)}`) : null;
}

const cache = new Map<string, ResolvedTool>();

export function resolveTool(name: ToolName): ResolvedTool {
  const key = [name, process.env.FFMPEG_PATH, process.env.FFPROBE_PATH, process.env.PATH, process.cwd()].join("\0");
  const known = cache.get(key);
  if (known) return known;
  const configured = fromEnvironment(name);
  const system = configured ? null : onPath(name);
  const packaged = configured || system ? null : fromPackage(name);
  const resolved: ResolvedTool = configured
    ? { path: configured, source: "environment" }
    : system
      ? { path: system, source: "system" }
      : packaged
        ? { path: packaged, source: "npm package" }
        : { path: name, source: "missing" };
  cache.set(key, resolved);
  return resolved;
}

/** For the worker's start log: a warning when the old static ffmpeg from npm is the one that runs, else null. */
export function mediaToolsWarning(): string | null {
  if (resolveTool("ffmpeg").source !== "npm package") return null;
  return (
    "ffmpeg is the static build from npm (ffmpeg 4.1, 2018), which reads uploaded files and gets no security fixes: " +
    "install the system's (Debian: apt install ffmpeg) or set FFMPEG_PATH to a current one"
  );
}

/** One line for logs: which binaries this process runs. */
export function describeMediaTools(): string {
  return (["ffmpeg", "ffprobe"] as const)
    .map((name) => {
      const tool = resolveTool(name);
      return tool.source === "missing" ? `${name} not found` : `${name} ${tool.path} (${tool.source})`;
    })
    .join("; ");
}
