import { milestoneOf, type Edition } from "~/content/editions";
import { site, telHref, type SiteContact } from "~/content/site";
import { MOUNTAIN_TIME_ZONE, zonedWallClock, zoneOffsetMinutes } from "~/clock/schedule";
import { useSiteContact } from "~/lib/site-contact";
import { useNonce } from "./nonce";

/**
 * Structured data (schema.org JSON-LD) for search engines. It is data, never
 * executed, but it still carries the CSP nonce: the policy admits no script
 * element without one.
 */
function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  // "<" escaped so no string in the data can close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}

/** "2026-04-25T09:00:00-06:00": the instant as Boise wall-clock time with its offset. */
export function mountainIsoString(date: Date): string {
  const w = zonedWallClock(date, MOUNTAIN_TIME_ZONE);
  const offset = zoneOffsetMinutes(date, MOUNTAIN_TIME_ZONE);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** "Rexburg, Idaho" → a PostalAddress in Idaho. */
function idahoAddress(cityAndState: string) {
  const city = cityAndState.split(",")[0]?.trim() ?? cityAndState;
  return { "@type": "PostalAddress", addressLocality: city, addressRegion: "ID", addressCountry: "US" };
}

export function organizationJsonLd(origin: string, contact: SiteContact) {
  const telephone = telHref(contact.phone).replace(/^tel:/, "");
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.fullName,
    alternateName: site.name,
    url: new URL("/", origin).href,
    logo: new URL("/favicon.svg", origin).href,
    description: site.tagline,
    email: contact.email,
    telephone,
    address: idahoAddress(site.location),
    parentOrganization: { "@type": "Organization", legalName: contact.organizerLegalName },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      email: contact.email,
      telephone,
      areaServed: "US-ID",
      availableLanguage: "English",
    },
  };
}

export function finalsEventJsonLd(origin: string, edition: Edition) {
  const { finalsVenue } = edition;
  const finals = milestoneOf(edition, "finals");
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: `${finalsVenue.name}: ${site.fullName}`,
    description: finals.description,
    startDate: mountainIsoString(finals.start),
    endDate: mountainIsoString(finals.end ?? finals.start),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    url: new URL("/timeline", origin).href,
    location: {
      "@type": "Place",
      name: `${finalsVenue.showcase}, ${finalsVenue.event}`,
      address: idahoAddress(finalsVenue.city),
    },
    organizer: {
      "@type": "Organization",
      name: site.fullName,
      url: new URL("/", origin).href,
    },
  };
}

/** The organizing organization; `origin` from the page's loader (see originLoader in app/clock/page-clock.server.ts). */
export function OrganizationJsonLd({ origin }: { origin: string }) {
  const contact = useSiteContact();
  return <JsonLd data={organizationJsonLd(origin, contact)} />;
}

/** The State Capital Finals as a schema.org Event. */
export function FinalsEventJsonLd({ origin, edition }: { origin: string; edition: Edition }) {
  return <JsonLd data={finalsEventJsonLd(origin, edition)} />;
}
