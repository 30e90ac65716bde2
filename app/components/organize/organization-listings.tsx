/**
 * /organize/organizations' review of organizations' public listings (issue
 * 54), the shape of the sponsors' review (./sponsor-presence.tsx): each
 * listing waiting for review with its logo at the size the public page
 * shows it (through the desk's own route: it is not public yet), its name
 * and website, and the forms that approve it or return it with a reason.
 * Plain POST forms, enhanced by Conform. Then what is listed now.
 */
import {
  organizationListingPaths as paths,
  organizationReviewMessages as text,
  recognizedLogoBox,
} from "~/content/organization-listing";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { ListingDeskView } from "~/organization/desk.server";
import { ApproveListingSchema, ReturnListingSchema } from "~/organization/listing-schema";
import { TextareaField } from "../forms";
import { IntentForm, intentErrors, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { fittedSize } from "../sponsor-logo";
import { Empty } from "./desk";

type Listing = ListingDeskView["waiting"][number];

export function ListingsSection({ view, actionData }: { view: ListingDeskView; actionData?: IntentActionData }) {
  return (
    <SectionCard id="listings" title={text.sectionTitle}>
      <p className="mt-2 text-sm text-slate-700">{text.sectionLead}</p>
      {view.waiting.length === 0 ? (
        <Empty>{text.empty}</Empty>
      ) : (
        <ol className="mt-4 space-y-4" aria-label={text.sectionTitle} data-testid="listings-waiting">
          {view.waiting.map((listing) => (
            <li key={listing.organizationId}>
              <ListingCard listing={listing} canReview={view.canReview} actionData={actionData} />
            </li>
          ))}
        </ol>
      )}
      <h3 className="mt-8 text-lg font-semibold text-slate-900">{text.approvedTitle}</h3>
      {view.shown.length === 0 ? (
        <Empty>{text.approvedEmpty}</Empty>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700" data-testid="listings-shown">
          {view.shown.map((l) => (
            <li key={l.organizationId} className="break-words">{`${l.shown!.name}, ${l.shown!.approvedAt}`}</li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function ListingCard({
  listing,
  canReview,
  actionData,
}: {
  listing: Listing;
  canReview: boolean;
  actionData: IntentActionData | undefined;
}) {
  const headingId = `listing-${listing.organizationId}`;
  const name = listing.displayName;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4"
      data-testid="listing"
    >
      <h4 id={headingId} className="break-words font-semibold text-slate-900">
        {name}
      </h4>
      {listing.logo ? (
        <img
          src={paths.deskLogo(listing.organizationId)}
          alt={text.logoAlt(name)}
          {...fittedSize(listing.logo, recognizedLogoBox)}
          className="mt-3 h-auto max-w-full border border-slate-200"
        />
      ) : null}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Organization</dt>
        <dd className="break-words">{listing.companyName}</dd>
        <dt className="font-semibold">Contact</dt>
        <dd className="break-words">{listing.email}</dd>
        <dt className="font-semibold">Website</dt>
        <dd className="break-words">{listing.website ?? "None"}</dd>
        <dt className="font-semibold">Sent</dt>
        <dd>{listing.submittedAt}</dd>
        {listing.logo ? (
          <>
            <dt className="font-semibold">Logo size</dt>
            <dd>{`${listing.logo.width} × ${listing.logo.height}`}</dd>
          </>
        ) : null}
      </dl>
      {canReview ? <ReviewForms listing={listing} actionData={actionData} /> : null}
    </article>
  );
}

function ReviewForms({ listing, actionData }: { listing: Listing; actionData: IntentActionData | undefined }) {
  const id = listing.organizationId;
  const [approveForm] = useIntentForm("approve-listing", ApproveListingSchema, actionData, {
    instance: id,
    defaultValue: { organizationId: id },
  });
  const [returnForm, returnFields] = useIntentForm("return-listing", ReturnListingSchema, actionData, {
    instance: id,
    defaultValue: { organizationId: id },
  });
  const returnPosted = actionData?.intent === "return-listing" && actionData.instance === id;
  const approveErrors = actionData?.instance === id ? intentErrors(actionData, "approve-listing") : [];
  return (
    <div className="mt-4 space-y-3">
      <IntentForm intent="approve-listing" form={approveForm} errors={approveErrors}>
        <input type="hidden" name="organizationId" value={id} />
        <button type="submit" className="btn-primary">
          {text.approve}
          <span className="sr-only">: {listing.displayName}</span>
        </button>
      </IntentForm>
      <details open={returnPosted || undefined}>
        <summary className="cursor-pointer font-semibold text-brand-700">
          {text.return}
          <span className="sr-only">: {listing.displayName}</span>
        </summary>
        <IntentForm intent="return-listing" form={returnForm} className="mt-3 space-y-3">
          <input type="hidden" name="organizationId" value={id} />
          <TextareaField
            meta={returnFields.reason}
            label={`${text.reasonLabel} (${listing.displayName})`}
            hint={text.reasonHint}
            rows={3}
          />
          <button type="submit" className="btn-outline">
            {text.return}
            <span className="sr-only">: {listing.displayName}</span>
          </button>
        </IntentForm>
      </details>
    </div>
  );
}
