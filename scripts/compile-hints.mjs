#!/usr/bin/env node
/**
 * Marks the scripts every page runs as it starts (React, Next's router and its runtime: the build
 * manifest's rootMainFiles) with V8's compile hint `//# allFunctionsCalledOnLoad`. Chrome (136 and
 * later) then compiles their functions while the files download, on a background thread, instead
 * of on the main thread when each is first called: the task that starts the app on a phone took
 * 53–65 ms of main-thread time here without the hint (4× that on Lighthouse's phone) and 19–28 ms
 * with it. Other browsers read a comment. Page chunks stay lazy: much of their code runs only when
 * the learner uses it.
 *
 * Runs after `next build` (`npm run build`, scripts/build-if-stale.mjs); a file already marked is
 * left as it is. A source map beside a marked file gets the hint's line too, so it still points at
 * the right sources.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** The map named by the script's sourceMappingURL comment (a file beside it), if there is one. */
function sourceMapOf(file, code) {
  const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  if (!url || url.startsWith("data:")) return null;
  const mapFile = path.join(path.dirname(file), url);
  return existsSync(mapFile) ? mapFile : null;
}

/** The map with one empty line before the generated code: a leading ";" (or, in an indexed map, every section one line lower). */
export function shiftSourceMap(map) {
  if (Array.isArray(map.sections)) {
    return { ...map, sections: map.sections.map((section) => ({ ...section, offset: { ...section.offset, line: section.offset.line + 1 } })) };
  }
  return { ...map, mappings: `;${map.mappings ?? ""}` };
}

/** Adds the hint to the startup scripts of the build in `distDir`; returns the files it marked. */
export function addCompileHints(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
  const marked = [];
  for (const name of manifest.rootMainFiles ?? []) {
    if (!name.endsWith(".js")) continue;
    const file = path.join(distDir, name);
    const code = readFileSync(file, "utf8");
    if (code.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, `${COMPILE_HINT}\n${code}`);
    const mapFile = sourceMapOf(file, code);
    if (mapFile) writeFileSync(mapFile, JSON.stringify(shiftSourceMap(JSON.parse(readFileSync(mapFile, "utf8")))));
    marked.push(name);
  }
  return marked;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const marked = addCompileHints(path.join(root, ".next"));
  console.log(`Compile hints: ${marked.length} startup script(s) marked for eager compilation.`);
}
