// A small PNG encoder for sample and test logos (issue 54): real images a
// browser draws and the site's logo check reads by content, made here rather
// than kept as binary files. 8-bit RGBA, no filter, compressed with zlib.
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** @param {Uint8Array} bytes */
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = /** @type {number} */ (CRC_TABLE[(c ^ byte) & 0xff]) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** @param {string} type @param {Uint8Array} data */
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** @typedef {[number, number, number, number]} Rgba */

/**
 * A PNG of `width` × `height` pixels, each pixel's colour from `paint`.
 * @param {number} width
 * @param {number} height
 * @param {(x: number, y: number) => Rgba} paint
 * @returns {Buffer}
 */
export function pngImage(width, height, paint) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    rows[row] = 0; // no filter
    for (let x = 0; x < width; x++) rows.set(paint(x, y), row + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/**
 * A logo-like picture: a mark (a filled square) and bars where a wordmark's
 * lines would be, in `colour` on a transparent background, laid out across
 * a wide image or stacked down a tall one.
 * @param {number} width
 * @param {number} height
 * @param {readonly [number, number, number]} colour
 * @returns {Buffer}
 */
export function logoPng(width, height, [r, g, b] = [20, 60, 140]) {
  const ink = /** @type {Rgba} */ ([r, g, b, 255]);
  const clear = /** @type {Rgba} */ ([255, 255, 255, 0]);
  const wide = width >= height;
  const mark = Math.floor(Math.min(width, height) * (wide ? 0.8 : 0.5));
  const margin = Math.floor((Math.min(width, height) - mark) / 2);
  const start = margin * 2 + mark;
  return pngImage(width, height, (x, y) => {
    // The mark: at the left of a wide logo, at the top of a tall one.
    if (x >= margin && x < margin + mark && y >= margin && y < margin + mark) return ink;
    // Two lines of "words": beside the mark, or under it.
    const [from, to, across, size] = wide ? [start, width - margin, y, height] : [start, height - margin, x, width];
    const along = wide ? x : y;
    if (along < from || along >= to) return clear;
    if (!wide && (across < margin || across >= size - margin)) return clear;
    const line = wide ? Math.floor(height / 7) : Math.floor((to - from) / 5);
    const at = wide ? y : y - from;
    const onLine =
      (at >= line * (wide ? 2 : 1) && at < line * (wide ? 3 : 2)) ||
      (at >= line * (wide ? 4 : 3) && at < line * (wide ? 5 : 4));
    return onLine ? ink : clear;
  });
}
