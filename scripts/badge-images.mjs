// PNG copies of the badge images (issue 31): the Learner Credential Wallet
// and other Open Badges displays do not render SVG, so every SVG under
// public/badges/ gets a PNG beside it, rendered at build time by resvg (a
// kept SVG renderer, as WebAssembly, so no platform binary) with the Arimo
// font from npm (metrically compatible with the Arial the SVGs name), so
// the same SVG gives the same pixels on every machine. vite.config.ts emits
// them into the client build and serves them in development.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const badgesDirectory = fileURLToPath(new URL("../public/badges/", import.meta.url));

/** Rendered badges are 512 px square: sharp in a wallet's card, small on the wire. */
export const BADGE_PNG_SIZE = 512;

/** @type {Promise<{ Resvg: typeof import("@resvg/resvg-wasm").Resvg, fontBuffers: Uint8Array[] }> | undefined} */
let ready;
async function renderer() {
  ready ??= (async () => {
    const resvg = await import("@resvg/resvg-wasm");
    await resvg.initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
    const fontBuffers = ["400Regular/Arimo_400Regular.ttf", "700Bold/Arimo_700Bold.ttf"].map(
      (file) => new Uint8Array(readFileSync(require.resolve(`@expo-google-fonts/arimo/${file}`))),
    );
    return { Resvg: resvg.Resvg, fontBuffers };
  })();
  return ready;
}

/** One SVG's PNG rendering. @param {string} svg */
export async function renderBadgePng(svg) {
  const { Resvg, fontBuffers } = await renderer();
  const image = new Resvg(svg, {
    fitTo: { mode: "width", value: BADGE_PNG_SIZE },
    font: { fontBuffers, loadSystemFonts: false, defaultFontFamily: "Arimo", sansSerifFamily: "Arimo" },
  });
  const png = image.render().asPng();
  image.free();
  return png;
}

/** Every badge SVG's name (without .svg). */
export function badgeNames() {
  return readdirSync(badgesDirectory)
    .filter((file) => file.endsWith(".svg"))
    .map((file) => file.slice(0, -4))
    .sort();
}

/** The PNG of public/badges/<name>.svg. @param {string} name */
export async function badgePng(name) {
  return renderBadgePng(readFileSync(`${badgesDirectory}${name}.svg`, "utf8"));
}
