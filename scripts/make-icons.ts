// Draws VIBE's app icons and its link-preview picture from the favicon's own drawing (the purple to
// pink square with the white V), as PNGs with sharp: `npx tsx scripts/make-icons.ts`. The files are
// committed under src/client/public; run this again only when the mark changes.
//   icon-192.png, icon-512.png    the web app manifest's icons ("any")
//   icon-maskable-512.png         the manifest's maskable icon: the mark inside the 80% safe circle
//   apple-touch-icon.png          180 px, for iOS's home screen (no transparency)
//   share-image.png               1200×630, the Open Graph / Twitter picture of a venue without a photo
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), "../src/client/public");
const BACKGROUND = "#0c0816"; // the app's theme colour (index.html)
const V = "M17 18h8.5L32 38.5 38.5 18H47L36.5 47h-9z"; // favicon.svg's V, on a 64-unit square
const GRADIENT = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#a855f7"/><stop offset="1" stop-color="#ec4899"/></linearGradient>`;

/** The mark: the rounded gradient square and the V, `size` units wide at (x, y). */
const mark = (x: number, y: number, size: number) =>
  `<g transform="translate(${x} ${y}) scale(${size / 64})">
    <rect width="64" height="64" rx="16" fill="url(#g)"/><path d="${V}" fill="#fff"/></g>`;

const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs>${GRADIENT}
      <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#a855f7" stop-opacity="0.55"/>
        <stop offset="1" stop-color="#0c0816" stop-opacity="0"/></radialGradient></defs>${body}</svg>`;

async function png(name: string, source: string) {
  const path = resolve(OUT, name);
  mkdirSync(dirname(path), { recursive: true });
  await sharp(Buffer.from(source)).png({ compressionLevel: 9 }).toFile(path);
  console.log(`wrote ${path}`);
}

await png("icon-192.png", svg(192, 192, mark(0, 0, 192)));
await png("icon-512.png", svg(512, 512, mark(0, 0, 512)));
// maskable: the platform cuts its own shape; everything that matters sits in the centre 80%
await png(
  "icon-maskable-512.png",
  svg(
    512,
    512,
    `<rect width="512" height="512" fill="url(#g)"/><path d="${V}" fill="#fff" transform="translate(96 96) scale(5)"/>`,
  ),
);
await png(
  "apple-touch-icon.png",
  svg(180, 180, `<rect width="180" height="180" fill="${BACKGROUND}"/>${mark(0, 0, 180)}`),
);
await png(
  "share-image.png",
  svg(
    1200,
    630,
    `<rect width="1200" height="630" fill="${BACKGROUND}"/>
     <circle cx="600" cy="315" r="420" fill="url(#glow)"/>${mark(455, 170, 290)}`,
  ),
);
