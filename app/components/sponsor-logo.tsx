/**
 * One approved sponsor's logo (issue 54) at a fixed width and height, its
 * proportions fitted into the box it is given, the sponsor's name as its
 * alternative text, linked to its website when it gave one. No content
 * import: the footer of every page renders it, and every form page's root
 * bundle carries it.
 */
import type { ShownSponsor } from "~/sponsors/shown.server";

export type Box = { readonly width: number; readonly height: number };

/** The logo's size in the box: as large as fits, its proportions kept. */
export function fittedSize(logo: { width: number; height: number }, box: Box): { width: number; height: number } {
  const scale = Math.min(box.width / logo.width, box.height / logo.height);
  return {
    width: Math.max(1, Math.round(logo.width * scale)),
    height: Math.max(1, Math.round(logo.height * scale)),
  };
}

export function SponsorLogo({ sponsor, box }: { sponsor: Pick<ShownSponsor, "name" | "website" | "logo">; box: Box }) {
  const content = sponsor.logo ? (
    <img
      src={sponsor.logo.src}
      alt={sponsor.name}
      {...fittedSize(sponsor.logo, box)}
      loading="lazy"
      decoding="async"
      className="h-auto max-w-full"
    />
  ) : (
    <span className="font-semibold text-brand-950">{sponsor.name}</span>
  );
  return sponsor.website ? (
    <a
      href={sponsor.website}
      rel="sponsored noopener"
      className="inline-flex items-center rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      {content}
    </a>
  ) : (
    content
  );
}
