#!/usr/bin/env node
/**
 * Writes each language's "offline" words (messages/<language>.json) into public/offline.html, the
 * page the service worker shows without a network: it has no server to ask, so it carries them all.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const page = path.join(root, "public", "offline.html");

export function offlineWords() {
  const dir = path.join(root, "messages");
  const words = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    words[path.basename(file, ".json")] = JSON.parse(readFileSync(path.join(dir, file), "utf8")).offline;
  }
  return words;
}

// `<` escaped: the JSON sits inside a script element.
const block = (words) => JSON.stringify(words).replace(/</g, "\\u003c");
const BLOCK = /(<script id="offline-words" type="application\/json">)([\s\S]*?)(<\/script>)/;

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const html = readFileSync(page, "utf8");
  writeFileSync(page, html.replace(BLOCK, (_, open, _old, close) => `${open}${block(offlineWords())}${close}`));
  console.log("public/offline.html: offline words of", Object.keys(offlineWords()).join(", "));
}
