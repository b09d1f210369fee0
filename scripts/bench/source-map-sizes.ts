/**
 * Which source files a script's bytes come from, read from its source map (version 3, plain or
 * indexed): each generated span, from one mapping to the next on its line, counts for the source
 * of the mapping that starts it. Used by the weight bench to name the modules behind each chunk.
 */

type RawMap = { sources?: string[]; mappings?: string; sections?: { offset: { line: number; column: number }; map: RawMap }[] };

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one segment's base64 VLQ fields. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`Bad VLQ digit ${JSON.stringify(char)}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** Adds to `sizes` the generated characters of `code` each source accounts for. */
function addPlainMap(map: RawMap, lines: string[], lineOffset: number, columnOffset: number, sizes: Map<string, number>) {
  const sources = map.sources ?? [];
  let source = 0;
  const mappingLines = (map.mappings ?? "").split(";");
  for (let l = 0; l < mappingLines.length; l++) {
    const text = lines[l + lineOffset] ?? "";
    const starts: { column: number; source: number | null }[] = [];
    let column = 0;
    for (const segment of mappingLines[l]!.split(",")) {
      if (!segment) continue;
      const fields = decodeSegment(segment);
      column += fields[0]!;
      if (fields.length >= 4) source += fields[1]!;
      starts.push({ column: column + (l === 0 ? columnOffset : 0), source: fields.length >= 4 ? source : null });
    }
    for (let i = 0; i < starts.length; i++) {
      const end = starts[i + 1]?.column ?? text.length;
      const name = starts[i]!.source === null ? "(unmapped)" : (sources[starts[i]!.source!] ?? "(unmapped)");
      sizes.set(name, (sizes.get(name) ?? 0) + Math.max(0, end - starts[i]!.column));
    }
  }
}

/** Characters of `code` per source file named by its map; what no mapping covers is "(unmapped)". */
export function bytesBySource(code: string, map: RawMap): Map<string, number> {
  const lines = code.split("\n");
  const sizes = new Map<string, number>();
  if (map.sections) for (const s of map.sections) addPlainMap(s.map, lines, s.offset.line, s.offset.column, sizes);
  else addPlainMap(map, lines, 0, 0, sizes);
  const counted = [...sizes.values()].reduce((a, b) => a + b, 0);
  sizes.set("(unmapped)", (sizes.get("(unmapped)") ?? 0) + Math.max(0, code.length - counted));
  return sizes;
}

/** A source's package ("react-dom", "@tanstack/query-core") or, for the app's own files, its path. */
export function moduleName(source: string): string {
  const path = source.replace(/^turbopack:\/\/\/\[project\]\//, "").replace(/^webpack:\/\/[^/]*\//, "");
  const at = path.lastIndexOf("node_modules/");
  if (at < 0) return path;
  const parts = path.slice(at + "node_modules/".length).split("/");
  if (parts[0] === "next") return `next/${parts.slice(1, 4).join("/")}`;
  return parts[0]!.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!;
}
