import { Link } from "react-router";
import { footerLinks } from "~/content/navigation";
import { mailtoHref, organizerCredit, site, telHref, type SiteContact } from "~/content/site";
import type { ShownSponsor } from "~/sponsors/shown.server";
import { SponsorLogo, type Box } from "./sponsor-logo";

/**
 * `contact` is null on an error page whose root loader failed: the contact
 * lines are left out. `sponsors`: the premier sponsors shown on every page
 * (issue 54); none, no band.
 */
export function SiteFooter({
  contact,
  sponsors,
}: {
  contact: SiteContact | null;
  /** Its heading and box come with it from the loader, so the footer imports no sponsorship content. */
  sponsors?: { title: string; box: Box; shown: readonly ShownSponsor[] };
}) {
  return (
    <footer className="bg-brand-950 text-slate-300">
      <div className="container-page grid gap-10 py-12 md:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm">{site.tagline}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Explore</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            {contact ? (
              <>
                <p>
                  <a href={mailtoHref(contact.email)} className="hover:text-white hover:underline">
                    {contact.email}
                  </a>
                </p>
                <p>
                  <a href={telHref(contact.phone)} className="hover:text-white hover:underline">
                    {contact.phone}
                  </a>
                </p>
              </>
            ) : null}
            <p>{site.location}</p>
          </address>
        </div>
      </div>
      {sponsors && sponsors.shown.length > 0 ? (
        <section
          aria-labelledby="footer-sponsors-title"
          className="border-t border-white/10"
          data-testid="footer-sponsors"
        >
          <div className="container-page py-6">
            <h2 id="footer-sponsors-title" className="text-sm font-semibold uppercase tracking-wide text-white">
              {sponsors.title}
            </h2>
            <ul className="mt-3 flex flex-wrap items-center gap-4">
              {sponsors.shown.map((sponsor) => (
                <li key={sponsor.sponsorshipId} className="rounded-md bg-white p-2">
                  <SponsorLogo sponsor={sponsor} box={sponsors.box} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 text-xs sm:flex-row sm:justify-between">
          <p>
            © {site.copyrightYear} {site.name}. All rights reserved.
          </p>
          {contact ? <p>{organizerCredit(contact)}</p> : null}
        </div>
      </div>
    </footer>
  );
}
