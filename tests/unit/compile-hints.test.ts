/**
 * The build's startup scripts (the manifest's rootMainFiles) start with V8's compile hint, once,
 * and their source maps still point at the right lines; the pages' own chunks stay as built.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SourceMapConsumer } from "source-map-js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module without type declarations
import { addCompileHints, COMPILE_HINT, shiftSourceMap } from "../../scripts/compile-hints.mjs";

let dist: string;
const chunk = (name: string) => path.join(dist, "static", "chunks", name);
const read = (file: string) => readFileSync(file, "utf8");

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), "compile-hints-"));
  mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
  writeFileSync(
    path.join(dist, "build-manifest.json"),
    JSON.stringify({ polyfillFiles: ["static/chunks/polyfills.js"], rootMainFiles: ["static/chunks/framework.js", "static/chunks/runtime.js"] }),
  );
  // "a()" on line 1, column 0 of the output comes from line 3, column 2 of src/a.ts.
  writeFileSync(chunk("framework.js"), "a();\n//# sourceMappingURL=framework.js.map\n");
  writeFileSync(chunk("framework.js.map"), JSON.stringify({ version: 3, sources: ["src/a.ts"], names: [], mappings: "AAEE" }));
  writeFileSync(chunk("runtime.js"), "(()=>{})();\n");
  writeFileSync(chunk("page.js"), "b();\n");
  writeFileSync(chunk("polyfills.js"), "c();\n");
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe("addCompileHints", () => {
  it("marks each startup script once, and nothing else", () => {
    expect(addCompileHints(dist)).toEqual(["static/chunks/framework.js", "static/chunks/runtime.js"]);
    expect(read(chunk("framework.js"))).toBe(`${COMPILE_HINT}\na();\n//# sourceMappingURL=framework.js.map\n`);
    expect(read(chunk("runtime.js"))).toBe(`${COMPILE_HINT}\n(()=>{})();\n`);
    expect(read(chunk("page.js"))).toBe("b();\n");
    expect(read(chunk("polyfills.js"))).toBe("c();\n");

    // Run again (a second `npm run build` step on the same output): no second hint, no second shift.
    expect(addCompileHints(dist)).toEqual([]);
    expect(read(chunk("framework.js")).split(COMPILE_HINT)).toHaveLength(2);
    expect(JSON.parse(read(chunk("framework.js.map"))).mappings).toBe(";AAEE");
  });

  it("keeps the source map pointing at the code's own line", () => {
    addCompileHints(dist);
    const map = new SourceMapConsumer(JSON.parse(read(chunk("framework.js.map"))));
    // The call now sits on line 2 of the file.
    expect(map.originalPositionFor({ line: 2, column: 0 })).toMatchObject({ source: "src/a.ts", line: 3, column: 2 });
  });
});

describe("shiftSourceMap", () => {
  it("moves every section of an indexed map one line down", () => {
    const indexed = {
      version: 3,
      sections: [
        { offset: { line: 0, column: 0 }, map: { version: 3, sources: ["a.ts"], mappings: "AAAA" } },
        { offset: { line: 4, column: 10 }, map: { version: 3, sources: ["b.ts"], mappings: "AAAA" } },
      ],
    };
    expect(shiftSourceMap(indexed).sections.map((section: { offset: unknown }) => section.offset)).toEqual([
      { line: 1, column: 0 },
      { line: 5, column: 10 },
    ]);
  });
});
