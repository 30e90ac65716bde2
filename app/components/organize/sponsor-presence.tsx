/**
 * /organize/sponsorships' review of sponsors' presences (issue 54): each
 * presence waiting for review with its logo at the size its tier shows it
 * (through the desk's own route: it is not public yet), its name, website
 * and description, and the forms that approve it or return it with a
 * reason. Plain POST forms, enhanced by Conform. Then what is shown now.
 */
import { sponsorPresenceByTier } from "~/content/sponsorship";
import { sponsorReviewMessages as text } from "~/content/sponsor-presence";
import { sponsorTiers } from "~/content/pricing";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { PresenceDeskView } from "~/sponsors/desk.server";
import { ApprovePresenceSchema, ReturnPresenceSchema } from "~/sponsors/schema";
import { TextareaField } from "../forms";
import { IntentForm, intentErrors, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { fittedSize } from "../sponsor-logo";
import { Empty } from "./desk";

type Presence = PresenceDeskView["waiting"][number];

const tierBox = (tierName: string) => {
  const tier = sponsorTiers.find((t) => t.name === tierName);
  return tier ? sponsorPresenceByTier[tier.id].box : { width: 200, height: 80 };
};

export function PresenceSection({ view, actionData }: { view: PresenceDeskView; actionData?: IntentActionData }) {
  return (
    <SectionCard id="presence" title={text.sectionTitle}>
      <p className="mt-2 text-sm text-slate-700">{text.sectionLead}</p>
      {view.waiting.length === 0 ? (
        <Empty>{text.empty}</Empty>
      ) : (
        <ol className="mt-4 space-y-4" aria-label={text.sectionTitle} data-testid="presences-waiting">
          {view.waiting.map((presence) => (
            <li key={presence.sponsorshipId}>
              <PresenceCard presence={presence} canReview={view.canReview} actionData={actionData} />
            </li>
          ))}
        </ol>
      )}
      <h3 className="mt-8 text-lg font-semibold text-slate-900">{text.approvedTitle}</h3>
      {view.shown.length === 0 ? (
        <Empty>{text.approvedEmpty}</Empty>
      ) : (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700" data-testid="presences-shown">
          {view.shown.map((p) => (
            <li
              key={p.sponsorshipId}
              className="break-words"
            >{`${p.shown!.name} (${p.tier}), ${p.shown!.approvedAt}`}</li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function PresenceCard({
  presence,
  canReview,
  actionData,
}: {
  presence: Presence;
  canReview: boolean;
  actionData: IntentActionData | undefined;
}) {
  const headingId = `presence-${presence.sponsorshipId}`;
  const name = presence.displayName;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4"
      data-testid="presence"
    >
      <h4 id={headingId} className="break-words font-semibold text-slate-900">
        {`${name} (${presence.tier})`}
      </h4>
      {presence.logo ? (
        <img
          src={`/organize/sponsor-logos/${presence.sponsorshipId}`}
          alt={text.logoAlt(name)}
          {...fittedSize(presence.logo, tierBox(presence.tier))}
          className="mt-3 h-auto max-w-full border border-slate-200"
        />
      ) : null}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Company</dt>
        <dd className="break-words">{presence.companyName}</dd>
        <dt className="font-semibold">Contact</dt>
        <dd className="break-words">{presence.email}</dd>
        <dt className="font-semibold">Website</dt>
        <dd className="break-words">{presence.website ?? "None"}</dd>
        <dt className="font-semibold">Description</dt>
        <dd className="whitespace-pre-line break-words">{presence.description ?? "None"}</dd>
        <dt className="font-semibold">Sent</dt>
        <dd>{presence.submittedAt ?? ""}</dd>
        {presence.logo ? (
          <>
            <dt className="font-semibold">Logo size</dt>
            <dd>{`${presence.logo.width} × ${presence.logo.height}`}</dd>
          </>
        ) : null}
      </dl>
      {canReview ? <ReviewForms presence={presence} actionData={actionData} /> : null}
    </article>
  );
}

function ReviewForms({ presence, actionData }: { presence: Presence; actionData: IntentActionData | undefined }) {
  const id = presence.sponsorshipId;
  const [approveForm] = useIntentForm("approve-presence", ApprovePresenceSchema, actionData, {
    instance: id,
    defaultValue: { sponsorshipId: id },
  });
  const [returnForm, returnFields] = useIntentForm("return-presence", ReturnPresenceSchema, actionData, {
    instance: id,
    defaultValue: { sponsorshipId: id },
  });
  const returnPosted = actionData?.intent === "return-presence" && actionData.instance === id;
  const approveErrors = actionData?.instance === id ? intentErrors(actionData, "approve-presence") : [];
  return (
    <div className="mt-4 space-y-3">
      <IntentForm intent="approve-presence" form={approveForm} errors={approveErrors}>
        <input type="hidden" name="sponsorshipId" value={id} />
        <button type="submit" className="btn-primary">
          {text.approve}
          <span className="sr-only">: {presence.displayName}</span>
        </button>
      </IntentForm>
      <details open={returnPosted || undefined}>
        <summary className="cursor-pointer font-semibold text-brand-700">
          {text.return}
          <span className="sr-only">: {presence.displayName}</span>
        </summary>
        <IntentForm intent="return-presence" form={returnForm} className="mt-3 space-y-3">
          <input type="hidden" name="sponsorshipId" value={id} />
          <TextareaField
            meta={returnFields.reason}
            label={`${text.reasonLabel} (${presence.displayName})`}
            hint={text.reasonHint}
            rows={3}
          />
          <button type="submit" className="btn-outline">
            {text.return}
            <span className="sr-only">: {presence.displayName}</span>
          </button>
        </IntentForm>
      </details>
    </div>
  );
}
