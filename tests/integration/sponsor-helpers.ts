/**
 * Sponsors' presences in tests (issue 54): a paid sponsor made through the
 * real sign-up, its logo posted as /account/sponsor's form sends it, and
 * small real images (a PNG drawn here, SVG text).
 */
import { createSponsorship } from "./factories";
import { uniqueIp } from "./auth-helpers";
import { person, type Person } from "./portal-helpers";
import { fetchWithEnv } from "./worker";

/** While the 2026 sponsors are shown: after approval, before the agreement ends (30 days after the finals). */
export const SHOWING = { APP_NOW: "2026-03-25T12:00:00-06:00" };
/** The agreement has ended (the finals were on Apr 25, 2026): the sponsors are in the archive. */
export const ENDED = { APP_NOW: "2026-06-01T12:00:00-06:00" };

export interface Sponsor extends Person {
  sponsorshipId: string;
}

/** A signed-up account with a paid sponsorship of 2026 at `tier`. */
export async function sponsor(
  tag: string,
  tier: "platinum" | "gold" | "silver" | "bronze",
  companyName = `${tag} Company`,
): Promise<Sponsor> {
  const who = await person(tag, { enrolled: false });
  const sponsorshipId = `spo_${crypto.randomUUID()}`;
  await createSponsorship({ id: sponsorshipId, userId: who.id, tier, companyName, email: who.email });
  return { ...who, sponsorshipId };
}

/** A logo posted to /account/sponsor/logo as the page's form sends it. */
export function uploadLogo(
  who: { cookie: string },
  bytes: Uint8Array<ArrayBuffer>,
  filename: string,
  { type = "application/octet-stream", clock = SHOWING }: { type?: string; clock?: Partial<Env> } = {},
) {
  const form = new FormData();
  form.append("logo", new File([bytes], filename, { type }));
  return fetchWithEnv("/account/sponsor/logo", clock, {
    method: "POST",
    headers: {
      "cf-connecting-ip": uniqueIp(),
      cookie: who.cookie,
      origin: "http://localhost",
      "sec-fetch-site": "same-origin",
    },
    body: form,
    redirect: "manual",
  });
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A real PNG of one colour, `width` × `height` pixels, that a browser draws. */
export async function png(width: number, height: number, rgb: [number, number, number] = [20, 60, 140]) {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) raw.set(rgb, row + 1 + x * 3);
  }
  const deflated = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflated),
    chunk("IEND", new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const svg = (body: string, root = 'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"') =>
  new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>\n<svg ${root}>${body}</svg>`);
