import { Link } from "react-router";
import { CheckList, StatGrid } from "~/components/content-blocks";
import { Card, PageHero, Section } from "~/components/page";
import { finalsSentence, goalsHeading } from "~/content/phases";
import { learningStages, programLength } from "~/content/program";
import { mailtoHref, organizerCredit, site, supportChannels, telHref } from "~/content/site";
import { useSiteContact } from "~/lib/site-contact";
import { contentMeta } from "~/lib/content-meta";
import { contentPageData } from "~/clock/page-clock.server";
import type { Route } from "./+types/about";

export function loader(args: Route.LoaderArgs) {
  const { edition, editionPhase, origin } = contentPageData(args);
  return { edition, editionPhase, origin };
}

export const meta = contentMeta(
  "About",
  "Who runs the Idaho AI Challenge, why it exists, and how to reach the organizers in Rexburg, Idaho.",
);

export default function About({ loaderData }: Route.ComponentProps) {
  const edition = loaderData.edition;
  const goals = [
    { value: `${edition.goals.participants}+`, label: "Participants" },
    { value: `${edition.goals.organizations}+`, label: "Organizations" },
    { value: `${edition.goals.projectSubmissions}+`, label: "Project submissions" },
  ];
  const contact = useSiteContact();
  return (
    <>
      <PageHero
        eyebrow="About"
        title={`About the ${site.name}`}
        lead={`${site.fullName}: a statewide program that helps Idaho's employees and entrepreneurs learn to use AI at work and prove it on a real problem. ${organizerCredit(contact)}`}
      >
        <a href="#contact" className="btn-primary">
          Contact the organizers
        </a>
      </PageHero>

      <Section
        id="mission-vision"
        title="Mission and vision"
        lead="Our mission is to make practical AI skills available to every Idaho worker, whatever their role or experience, and to show what they can do with them."
      >
        <div className="grid gap-6 md:grid-cols-2">
          <Card title="How we do it">
            <CheckList
              className="mt-2"
              items={[
                `A ${programLength.weeks}-week program, open to ${programLength.openTo.toLowerCase()}`,
                `Three certifications: ${learningStages
                  .slice(0, 3)
                  .map((s) => s.certification)
                  .join(", ")}`,
                "A capstone project on a real workplace problem",
                finalsSentence(edition, loaderData.editionPhase),
              ]}
            />
          </Card>
          <div>
            <h3 className="text-lg font-semibold text-brand-950">{goalsHeading(edition, loaderData.editionPhase)}</h3>
            <div className="mt-3">
              <StatGrid stats={goals} />
            </div>
          </div>
        </div>
        <p className="mt-8">
          <Link to="/mission-vision" className="font-semibold text-brand-700 underline">
            Read our full mission and vision
          </Link>
        </p>
      </Section>

      <Section
        id="contact"
        tone="muted"
        title="Contact"
        lead={`We answer by ${supportChannels.join(" and ").toLowerCase()} within ${site.responseTimeHours} hours.`}
      >
        <div className="grid gap-6 md:grid-cols-3">
          <Card title="Email">
            <a href={mailtoHref(contact.email)} className="font-semibold text-brand-700 underline">
              {contact.email}
            </a>
          </Card>
          <Card title="Phone">
            <a href={telHref(contact.phone)} className="font-semibold text-brand-700 underline">
              {contact.phone}
            </a>
            <p className="mt-1 text-sm">{site.supportHours.label}</p>
          </Card>
          <Card title="Location">
            <p>{site.location}</p>
          </Card>
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/contact" className="btn-secondary">
            Send us a message
          </Link>
          <Link to="/faq" className="btn text-brand-800 underline">
            Browse the FAQ
          </Link>
        </div>
      </Section>
    </>
  );
}
