import { Link } from "react-router";
import { CheckList, StatGrid } from "~/components/content-blocks";
import { Card, PageHero, Section } from "~/components/page";
import { FINALS_DAY, finalsVenue } from "~/content/dates";
import { goals2026, learningStages, programLength } from "~/content/program";
import { site, supportChannels } from "~/content/site";
import { originLoader } from "~/lib/meta";
import { contentMeta } from "~/lib/content-meta";
import { formatMountain } from "~/lib/schedule";

export const loader = originLoader;

export const meta = contentMeta(
  "About",
  "Who runs the Idaho AI Challenge, why it exists, and how to reach the organizers in Rexburg, Idaho.",
);

const goals = [
  { value: `${goals2026.participants}+`, label: "Participants" },
  { value: `${goals2026.organizations}+`, label: "Organizations" },
  { value: `${goals2026.projectSubmissions}+`, label: "Project submissions" },
];

export default function About() {
  return (
    <>
      <PageHero
        eyebrow="About"
        title={`About the ${site.name}`}
        lead={`${site.fullName}: a statewide program that helps Idaho's employees and entrepreneurs learn to use AI at work and prove it on a real problem. ${site.organizerCredit}`}
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
                `The ${finalsVenue.name} in ${finalsVenue.city}, ${formatMountain(FINALS_DAY, "longDate")}`,
              ]}
            />
          </Card>
          <div>
            <h3 className="text-lg font-semibold text-brand-950">Our goals for 2026</h3>
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
            <a href={site.contactEmailHref} className="font-semibold text-brand-700 underline">
              {site.contactEmail}
            </a>
          </Card>
          <Card title="Phone">
            <a href={site.phoneHref} className="font-semibold text-brand-700 underline">
              {site.phone}
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
