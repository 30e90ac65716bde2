/**
 * /organize/votes' sections (issue 33): the flags, each with its "exclude
 * this flag" form (in a <details>: excluding is not undone from here); the
 * per-vote exclusion form; the exclusions made; the tally so far; and the
 * proposal of the Audience Choice. Plain POSTs, enhanced by Conform.
 */
import { voteDeskText as text } from "~/content/vote-review";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { VotesDeskView } from "~/showcase/desk.server";
import { ExcludeVotesSchema, PublishAudienceChoiceSchema } from "~/showcase/vote-review-schema";
import { ErrorList, Field, TextareaField } from "../forms";
import { IntentForm, intentErrors, Refusals, useIntentForm } from "../intent-form";
import { SectionCard } from "../section-card";
import { cellClass, DeskTable, deskControlClass, deskLabelClass, Empty, Pager } from "./desk";

type Props = { view: VotesDeskView; actionData?: IntentActionData };
type Flag = VotesDeskView["flags"]["items"][number];
type Category = VotesDeskView["categories"][number];

/**
 * A refusal whose form is not on the page (voting not closed yet, the flag
 * excluded meanwhile, the Audience Choice published): shown above the sections.
 */
export function OrphanRefusals({ view, actionData }: Props) {
  const intent = actionData?.intent;
  if (!intent) return null;
  const flagShown =
    view.canExclude &&
    view.flags.items.some((f) => f.id.slice(0, 64) === actionData.instance && f.excluded < f.voteIds.length);
  const shown = intent === "exclude-flag" ? flagShown : intent === "exclude-votes" ? view.canExclude : view.canPropose;
  return shown ? null : <Refusals messages={intentErrors(actionData, intent)} />;
}

/** Where voting stands, and what that allows. */
export function VotingStatus({ view }: Pick<Props, "view">) {
  const line = view.published
    ? text.publishedNote(view.published)
    : view.voting === "open"
      ? text.stillOpen(view.closes)
      : view.voting === "notYetOpen"
        ? text.notYetOpen(view.opens)
        : text.closed;
  return (
    <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-800" data-testid="voting-status">
      {`${text.counts(view.counts.votes, view.counts.excluded, view.counts.flags)} ${line}`}
    </p>
  );
}

function CategorySelect({
  field,
  categories,
  defaultValue,
}: {
  field: { id: string; name: string; errorId: string; errors?: string[] };
  categories: readonly Category[];
  defaultValue: string;
}) {
  return (
    <div>
      <label htmlFor={field.id} className={deskLabelClass}>
        {text.categoryLabel}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={defaultValue}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? field.errorId : undefined}
        className={deskControlClass}
      >
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FlagsSection({ view, actionData }: Props) {
  const { flags } = view;
  return (
    <SectionCard id="flags" title={text.flagsTitle}>
      <p className="mt-2 text-sm text-slate-700">{text.flagsLead}</p>
      {flags.total === 0 ? (
        <Empty>{text.flagsNone}</Empty>
      ) : (
        <ol className="mt-4 space-y-4" data-testid="flags">
          {flags.items.map((flag, i) => (
            <li key={flag.id}>
              <FlagCard flag={flag} index={i} view={view} actionData={actionData} />
            </li>
          ))}
        </ol>
      )}
      <Pager paged={flags} label={text.flagsTitle} />
    </SectionCard>
  );
}

function FlagCard({
  flag,
  index,
  view,
  actionData,
}: {
  flag: Flag;
  index: number;
  view: VotesDeskView;
  actionData: IntentActionData | undefined;
}) {
  const headingId = `flag-${view.flags.page}-${index}`;
  const posted = actionData?.intent === "exclude-flag" && actionData.instance === flag.id.slice(0, 64);
  const open = flag.excluded < flag.voteIds.length;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="break-words font-semibold text-slate-900">
        {flag.kindLabel}
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{text.flagFound}</dt>
        <dd className="break-words">{flag.description}</dd>
        {flag.project ? (
          <>
            <dt className="font-semibold">{text.flagProject}</dt>
            <dd className="break-words">{flag.project}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{text.flagId}</dt>
        <dd className="break-all font-mono text-xs">{flag.id}</dd>
        <dt className="font-semibold">{text.flagVoteIds}</dt>
        <dd className="break-all font-mono text-xs" data-testid="flag-votes">
          {`${text.flagVotes(flag.voteIds.length, flag.excluded)}: ${flag.shownIds.join(" ")}${
            flag.moreIds > 0 ? ` ${text.moreIds(flag.moreIds)}` : ""
          }`}
        </dd>
      </dl>
      {view.canExclude && open ? (
        <details open={posted} className="mt-3">
          <summary className="cursor-pointer font-semibold text-brand-700 underline">
            {text.excludeFlag}
            <span className="sr-only">{`: ${flag.description}`}</span>
          </summary>
          <ExcludeFlagForm flag={flag} categories={view.categories} actionData={actionData} />
        </details>
      ) : null}
    </article>
  );
}

function ExcludeFlagForm({
  flag,
  categories,
  actionData,
}: {
  flag: Flag;
  categories: readonly Category[];
  actionData: IntentActionData | undefined;
}) {
  const instance = flag.id.slice(0, 64);
  const [form, fields] = useIntentForm("exclude-flag", ExcludeVotesSchema, actionData, {
    instance,
    defaultValue: { flagId: flag.id, category: flag.kind },
  });
  return (
    <IntentForm intent="exclude-flag" form={form} className="mt-3 space-y-3">
      <input type="hidden" name="flagId" value={flag.id} />
      <TextareaField meta={fields.reason} label={text.reasonLabel} hint={text.reasonHint} rows={3} />
      <CategorySelect field={fields.category} categories={categories} defaultValue={flag.kind} />
      <button type="submit" className="btn-primary">
        {text.excludeFlagButton}
        <span className="sr-only">{`: ${flag.description}`}</span>
      </button>
    </IntentForm>
  );
}

export function ExcludeVotesSection({ view, actionData }: Props) {
  const [form, fields] = useIntentForm("exclude-votes", ExcludeVotesSchema, actionData, {
    defaultValue: { category: "other" },
  });
  if (!view.canExclude) return null;
  return (
    <SectionCard id="exclude" title={text.excludeVotesTitle}>
      <p className="mt-2 text-sm text-slate-700">{text.excludeVotesLead}</p>
      <IntentForm intent="exclude-votes" form={form} className="mt-4 space-y-4">
        <Field meta={fields.voteIds} label={text.voteIdsLabel} autoComplete="off" />
        <TextareaField meta={fields.reason} label={text.reasonLabel} hint={text.reasonHint} rows={3} />
        <CategorySelect field={fields.category} categories={view.categories} defaultValue="other" />
        <button type="submit" className="btn-primary">
          {text.excludeButton}
        </button>
      </IntentForm>
    </SectionCard>
  );
}

export function ExclusionsSection({ view }: Pick<Props, "view">) {
  const { exclusions } = view;
  return (
    <SectionCard id="excluded" title={text.excludedTitle}>
      {exclusions.total === 0 ? (
        <Empty>{text.excludedNone}</Empty>
      ) : (
        <DeskTable id="excluded-table" caption={text.excludedCaption} head={text.excludedHead}>
          {exclusions.items.map((e) => (
            <tr key={`${e.at} ${e.by} ${e.category} ${e.reason}`}>
              <td className={`${cellClass} break-words`}>{e.categoryLabel}</td>
              <td className={`${cellClass} break-words`}>{e.reason}</td>
              <td className={`${cellClass} break-all font-mono text-xs`}>{`${e.count}: ${e.voteIds.join(" ")}`}</td>
              <td className={`${cellClass} break-all`}>{e.by}</td>
              <td className={cellClass}>{e.at}</td>
            </tr>
          ))}
        </DeskTable>
      )}
      <Pager paged={exclusions} label={text.excludedTitle} />
    </SectionCard>
  );
}

export function TallySection({ view }: Pick<Props, "view">) {
  const { tally } = view;
  return (
    <SectionCard id="tally" title={text.tallyTitle}>
      <p className="mt-2 text-sm text-slate-700">{text.tallyLead}</p>
      {tally.total === 0 ? (
        <Empty>{text.tallyNone}</Empty>
      ) : (
        // `cellClass` once for the whole table rather than on each of its cells: a page of 50 rows weighs the
        // same whatever the edition's size (issue 56). Tailwind needs the classes written out.
        <div className="[&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_td]:text-slate-800 [&_td]:break-words">
          <DeskTable id="tally-table" caption={text.tallyCaption} head={text.tallyHead}>
            {tally.items.map((t) => (
              <tr key={t.teamId}>
                <td>{t.title}</td>
                <td>{t.cast}</td>
                <td>{t.excludedText}</td>
                <td>{t.final}</td>
              </tr>
            ))}
          </DeskTable>
        </div>
      )}
      <Pager paged={tally} label={text.tallyTitle} />
    </SectionCard>
  );
}

export function ProposeSection({ view, actionData }: Props) {
  const [form] = useIntentForm("propose-audience-choice", PublishAudienceChoiceSchema, actionData);
  if (view.published) return null;
  return (
    <SectionCard id="audience-choice" title={text.proposeTitle}>
      <p className="mt-2 text-sm text-slate-700">{text.proposeLead}</p>
      {view.canPropose ? (
        <IntentForm intent="propose-audience-choice" form={form} className="mt-4">
          <button type="submit" className="btn-primary">
            {text.proposeButton}
          </button>
        </IntentForm>
      ) : view.voting !== "closed" ? (
        <p className="mt-2 text-sm text-slate-700">{text.proposeClosed(view.closes)}</p>
      ) : null}
    </SectionCard>
  );
}
