#!/usr/bin/env node
/**
 * Renders the installed app's icons (public/icons/*.png) from the brand mark in app/icon.svg:
 * the mark itself at 192 and 512 px, and maskable variants whose glyph sits inside the safe zone
 * (the middle 80% circle) on a full-bleed background, since launchers crop those to their own
 * shape. Run it after changing app/icon.svg: `node scripts/make-app-icons.mjs`. sharp comes with
 * Next.js (its image optimiser).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const mark = readFileSync(path.join(root, "app", "icon.svg"), "utf8");

/**
 * The mark's glyph (everything after its rounded background square) on a full square, scaled so
 * that its farthest point (the badge's outer edge) stays inside the safe zone's circle.
 */
function maskable(svg) {
  const defs = svg.match(/<defs>[\s\S]*<\/defs>/)[0];
  const afterSquare = svg.indexOf("/>", svg.indexOf("<rect")) + 2;
  const glyph = svg.slice(afterSquare, svg.lastIndexOf("</svg>"));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${defs}
  <rect width="32" height="32" fill="url(#g)"/>
  <g transform="translate(16 16.4) scale(0.7) translate(-16 -16.4)">${glyph}</g>
</svg>`;
}

const variants = [
  { name: "icon", svg: mark },
  { name: "maskable", svg: maskable(mark) },
];
for (const { name, svg } of variants) {
  for (const size of [192, 512]) {
    const file = path.join(root, "public", "icons", `${name}-${size}.png`);
    await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: false })
      .toFile(file);
    console.log(path.relative(root, file));
  }
}
