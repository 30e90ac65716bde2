/**
 * /account/sponsor (issue 54): a paid sponsorship's contact gives the name,
 * website, description and logo the site shows, and sees where its review
 * stands: waiting, approved (and where it appears, until when) or returned
 * with the registrar's reason. Plain forms, no script. An account without a
 * paid sponsorship gets a 404. The layout has checked who asks (ADR 013).
 */
import { data, Link } from "react-router";
import { formatMountain } from "~/clock/format";
import { SponsorDetailsForm, SponsorLogoForm } from "~/components/account/sponsor-presence";
import { Panel } from "~/components/account/panel";
import { PageHero } from "~/components/page";
import { sponsorTiersById } from "~/content/pricing";
import {
  sponsorLogoFailureMessages,
  sponsorLogoFailureOf,
  sponsorPresenceMessages as m,
  sponsorPresencePaths as paths,
} from "~/content/sponsor-presence";
import { sponsorPresenceByTier } from "~/content/sponsorship";
import { editionsFor, findEdition } from "~/clock/clock.server";
import { requestContext, signedInContext } from "~/context";
import type { Db } from "~/db/client.server";
import { signedInPageHeaders } from "~/forms/action.server";
import { handleIntentPost, intent } from "~/forms/intent-action.server";
import { pageMeta } from "~/lib/meta";
import { LOGO_KEY_PREFIX } from "~/sponsors/logo.server";
import { saveSponsorDetails, sponsorOfAccount, type SponsorOfAccount } from "~/sponsors/presence.server";
import { SponsorDetailsSchema } from "~/sponsors/schema";
import { agreementEndsAt } from "~/sponsors/shown.server";
import type { Route } from "./+types/sponsor";

export const meta: Route.MetaFunction = () => [
  ...pageMeta(m.pageTitle, "Your name, logo and website on the Idaho AI Challenge site."),
  { name: "robots", content: "noindex" },
];

const placementNames = {
  home: "the home page",
  footer: "the footer of every page",
  sponsors: "/sponsors",
  "why-sponsor": "/why-sponsor",
  timeline: "the finals' recognition on /timeline",
} as const;

const reviewLogo = (key: string | null, width: number | null, height: number | null) =>
  key && width && height ? { src: `${paths.reviewLogos}/${key.slice(LOGO_KEY_PREFIX.length)}`, width, height } : null;

function agreementEnds(env: object, editionId: string): string {
  const edition = findEdition(env, editionId);
  return edition ? formatMountain(agreementEndsAt(edition), "longDate") : "the agreement ends";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const { db, user, edition } = context.get(signedInContext);
  const sponsor = await sponsorOfAccount(db, user.id, edition.id, editionsFor(env));
  if (!sponsor) throw data(null, { status: 404 });
  const p = sponsor.presence;
  const failure = sponsorLogoFailureOf(new URL(request.url).searchParams.get("error"));
  const tier = sponsorTiersById[sponsor.tier];
  const where = sponsorPresenceByTier[sponsor.tier].placements.map((place) => placementNames[place]);
  return data(
    {
      companyName: sponsor.companyName,
      tier: tier.name,
      editionName: sponsor.editionName,
      placements: m.placements(where.join(", "), agreementEnds(env, sponsor.editionId)),
      status: p?.status ?? "draft",
      returnReason: p?.returnReason ?? null,
      approved: Boolean(p?.approvedAt),
      details: {
        displayName: p?.displayName || sponsor.companyName,
        website: p?.website ?? sponsor.companyUrl,
        description: p?.description ?? "",
      },
      given: reviewLogo(p?.logoKey ?? null, p?.logoWidth ?? null, p?.logoHeight ?? null),
      shown: reviewLogo(p?.shownLogoKey ?? null, p?.shownLogoWidth ?? null, p?.shownLogoHeight ?? null),
      logoError: failure ? sponsorLogoFailureMessages[failure] : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

interface SponsorCtx {
  db: Db;
  userId: string;
  now: Date;
  sponsor: SponsorOfAccount;
}

const intents = {
  details: intent({
    schema: SponsorDetailsSchema,
    async handle(details, ctx: SponsorCtx) {
      const status = await saveSponsorDetails(ctx.db, ctx.sponsor, ctx.userId, details, ctx.now);
      return {
        ok: true,
        toast: { type: "success", title: "Saved", description: status === "draft" ? m.draftSaved : m.detailsSaved },
        redirectTo: `${paths.page}#details`,
      };
    },
  }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const { db, user, now, edition } = context.get(signedInContext);
  const sponsor = await sponsorOfAccount(db, user.id, edition.id, editionsFor(env));
  if (!sponsor) throw data(null, { status: 404 });
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "sponsor",
    intents,
    ctx: { db, userId: user.id, now, sponsor },
    redirectTo: paths.page,
    rateLimit: { scope: "sponsor", keys: [user.id], message: m.rateLimited },
    unknownIntent: m.unknownIntent,
    logFields: { userId: user.id },
  });
}

export const headers = signedInPageHeaders;

export default function SponsorPresencePage({ loaderData: view, actionData }: Route.ComponentProps) {
  const statusText = m.status[view.status];
  return (
    <>
      <PageHero
        eyebrow={view.companyName}
        title={m.pageTitle}
        lead={<p>{m.pageLead(view.companyName, view.tier, view.editionName)}</p>}
      />
      <div className="section bg-slate-50">
        <div className="container-page max-w-4xl space-y-8">
          <Panel id="review" title="Review">
            <p data-testid="presence-status">
              {statusText}
              {view.status === "returned" && view.returnReason ? (
                <>
                  {" "}
                  <span className="whitespace-pre-line break-words font-semibold">{view.returnReason}</span>
                </>
              ) : null}
            </p>
            {view.approved && view.status !== "approved" ? <p>{m.stillShown}</p> : null}
            <p>{view.placements}</p>
            <p>
              <Link to="/account" className="font-medium text-brand-700 underline">
                Back to your account
              </Link>
            </p>
          </Panel>
          <SponsorDetailsForm details={view.details} actionData={actionData} />
          <SponsorLogoForm
            given={view.given}
            shown={view.shown}
            name={view.details.displayName}
            error={view.logoError}
          />
        </div>
      </div>
    </>
  );
}
