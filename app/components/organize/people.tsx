/**
 * The registrar's sections (issue 33): the people search and its results,
 * one person's facts, the registrations, sponsorships and organizations of
 * an edition (GET-form filters, pages, a CSV link), and the messages
 * received with their "mark handled" / "reopen" buttons (plain POST forms).
 * Every word is in app/content/organize.ts (`peopleText`).
 */
import type { ReactNode } from "react";
import { peopleRules, peopleText as t } from "~/content/organize";
import type { DeskLinks } from "~/desk/pages";
import type { IntentActionData } from "~/forms/intent-action.server";
import type {
  InboxDeskView,
  OrganizationsDeskView,
  PeopleDeskView,
  PersonDeskView,
  RegistrationsDeskView,
  SponsorshipsDeskView,
} from "~/people/desk.server";
import { IntentForm, intentErrors, Refusals } from "../intent-form";
import { SectionCard } from "../section-card";
import type { Paged } from "~/organize/paging";
import { deskCellLinksClass, deskCellsClass } from "./desk-cells";
import {
  cellClass,
  DeskTable,
  deskControlClass,
  deskLabelClass,
  deskLinkClass,
  Empty,
  organizationPage,
  Pager,
} from "./desk";

const personHref = (userId: string) => `/organize/people/${encodeURIComponent(userId)}`;

function PersonLink({ userId, children }: { userId: string; children: ReactNode }) {
  return (
    <a href={personHref(userId)} className={deskLinkClass}>
      {children}
    </a>
  );
}

export function PeopleSearchSection({ view }: { view: PeopleDeskView }) {
  const { people } = view;
  return (
    <SectionCard id="search" title={t.searchTitle}>
      <form method="get" action="/organize/people#search" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="people-q" className={deskLabelClass}>
            {t.searchLabel}
          </label>
          <input
            id="people-q"
            name="q"
            type="search"
            defaultValue={view.q}
            maxLength={peopleRules.searchMaxChars}
            aria-describedby="people-q-hint"
            className={deskControlClass}
          />
          <p id="people-q-hint" className="mt-1 text-sm text-slate-600">
            {t.searchHint}
          </p>
        </div>
        <button type="submit" className="btn-primary">
          {t.searchButton}
        </button>
      </form>
      {view.tooShort ? (
        <Empty>{t.searchTooShort}</Empty>
      ) : view.searched && people.total === 0 ? (
        <Empty>{t.searchNone(view.q)}</Empty>
      ) : view.searched ? (
        <>
          <p className="mt-4 text-sm text-slate-700" role="status">
            {t.searchCount(people.total)}
          </p>
          <DeskTable id="people-table" caption={t.searchCaption} head={t.searchHead}>
            {people.items.map((p) => (
              <tr key={p.id}>
                <td className={`${cellClass} break-all`}>
                  <PersonLink userId={p.id}>{p.name || p.email}</PersonLink>
                  <span className="block text-xs text-slate-600">{p.email}</span>
                </td>
                <td className={cellClass}>{p.created}</td>
                <td className={cellClass}>{p.verified ? t.yes : t.no}</td>
                <td className={cellClass}>{p.twoFactor ? t.yes : t.no}</td>
              </tr>
            ))}
          </DeskTable>
          <Pager paged={people} label={t.searchCaption} />
        </>
      ) : null}
    </SectionCard>
  );
}

/** A section of the person page: its table, or what its absence means. */
function FactsTable({
  id,
  title,
  caption,
  head,
  none,
  note,
  rows,
}: {
  id: string;
  title: string;
  caption: string;
  head: readonly string[];
  none: string;
  note?: string;
  rows: ReactNode[][];
}) {
  return (
    <SectionCard id={id} title={title}>
      {note ? <p className="mt-2 text-sm text-slate-700">{note}</p> : null}
      {rows.length === 0 ? (
        <Empty>{none}</Empty>
      ) : (
        <DeskTable id={`${id}-table`} caption={caption} head={head}>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j} className={`${cellClass} break-words`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </DeskTable>
      )}
    </SectionCard>
  );
}

export function PersonSections({ view }: { view: PersonDeskView }) {
  const { person } = view;
  const { account } = person;
  const f = t.accountFacts;
  return (
    <>
      <SectionCard id="account" title={t.accountTitle}>
        <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{f.name}</dt>
          <dd className="break-words">{account.name || t.noName}</dd>
          <dt className="font-semibold">{f.email}</dt>
          <dd className="break-all">{account.email}</dd>
          <dt className="font-semibold">{f.verified}</dt>
          <dd>{account.verified ? t.yes : t.no}</dd>
          <dt className="font-semibold">{f.twoFactor}</dt>
          <dd>{account.twoFactor ? t.yes : t.no}</dd>
          <dt className="font-semibold">{f.created}</dt>
          <dd>{account.created}</dd>
        </dl>
      </SectionCard>
      <FactsTable
        id="registrations"
        title={t.registrationsTitle}
        caption={t.registrationsCaption}
        head={t.registrationsHead}
        none={t.registrationsNone}
        rows={person.registrations.map((r) => [
          r.edition,
          r.planLabel,
          r.status,
          r.amount,
          r.refunded ?? "",
          r.paid ?? "",
          r.company ?? "",
        ])}
      />
      <FactsTable
        id="sponsorships"
        title={t.sponsorshipsTitle}
        caption={t.sponsorshipsCaption}
        head={t.sponsorshipsHead}
        none={t.sponsorshipsNone}
        rows={person.sponsorships.map((s) => [
          s.edition,
          s.tier,
          s.status,
          s.amount,
          s.refunded ?? "",
          s.paid ?? "",
          s.company,
        ])}
      />
      <FactsTable
        id="organization"
        title={t.organizationTitle}
        caption={t.organizationCaption}
        head={t.organizationHead}
        none={t.organizationNone}
        rows={person.organizations.map((o) => [o.edition, o.company, t.organizationAs[o.as]])}
      />
      <FactsTable
        id="teams"
        title={t.teamsTitle}
        caption={t.teamsCaption}
        head={t.teamsHead}
        none={t.teamsNone}
        rows={person.teams.map((m) => [
          m.edition,
          <a key="team" href={`/organize/teams/${m.teamId}`} className={deskLinkClass}>
            {m.team}
          </a>,
          m.role,
          m.project ?? "",
          m.submitted ?? "",
        ])}
      />
      <FactsTable
        id="votes"
        title={t.votesTitle}
        note={t.votesNote}
        caption={t.votesCaption}
        head={t.votesHead}
        none={t.votesNone}
        rows={person.votes.map((v) => [v.edition, v.votes, v.excluded, v.first ?? "", v.last ?? ""])}
      />
      <FactsTable
        id="credentials"
        title={t.credentialsTitle}
        caption={t.credentialsCaption}
        head={t.credentialsHead}
        none={t.credentialsNone}
        rows={person.credentials.map((c) => [
          c.edition,
          c.name,
          c.issued ?? "",
          c.revoked ? t.credentialRevoked(c.revoked) : t.credentialActive,
        ])}
      />
      <FactsTable
        id="judge"
        title={t.judgeTitle}
        caption={t.judgeCaption}
        head={t.judgeHead}
        none={t.judgeNone}
        rows={person.judging.map((j) => [j.edition, j.joined ?? "", j.left ?? ""])}
      />
      <SectionCard id="organizer" title={t.organizerTitle}>
        <p className="mt-2 break-words text-slate-800">
          {person.organizerRole
            ? t.organizerRole(
                person.organizerRole.role,
                person.organizerRole.since ?? "",
                person.organizerRole.grantedBy,
              )
            : t.organizerNone}
        </p>
      </SectionCard>
    </>
  );
}

type Option = { value: string; label: string };

export function Select({
  id,
  name,
  label,
  value,
  options,
  any,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: Option[];
  any?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className={deskLabelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={deskControlClass}>
        {any ? <option value="">{t.anyValue}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A list page's GET filter and its CSV link. */
/**
 * One of an edition's lists: its GET-form filters, the CSV of what they
 * select, the table or its empty line, and the pages.
 */
export function FilteredList<Item>({
  id,
  title,
  csv,
  filters,
  list,
  none,
  caption,
  head,
  row,
}: {
  id: string;
  title: string;
  csv: string;
  filters: ReactNode;
  list: Paged<Item>;
  none: string;
  caption: string;
  head: readonly string[];
  row: (item: Item) => ReactNode;
}) {
  return (
    <SectionCard id={id} title={title}>
      <form method="get" action={`/organize/${id}#${id}`} className="mt-4 flex flex-wrap items-end gap-3">
        {filters}
        <button type="submit" className="btn-outline">
          {t.filterButton}
        </button>
      </form>
      <p className="mt-3 text-sm">
        <a href={csv} className={deskLinkClass} download>
          {t.downloadCsv}
        </a>
      </p>
      {list.total === 0 ? (
        <Empty>{none}</Empty>
      ) : (
        <DeskTable id={`${id}-table`} caption={caption} head={head}>
          {list.items.map(row)}
        </DeskTable>
      )}
      <Pager paged={list} label={caption} />
    </SectionCard>
  );
}

export function RegistrationsSection({ view, links }: { view: RegistrationsDeskView; links: DeskLinks }) {
  const { registrations: list, filter, options } = view;
  // The cells' and links' style once, around the table (issue 56), not in every cell of every row.
  return (
    <div className={`${deskCellsClass} ${deskCellLinksClass}`}>
      <FilteredList
        id="registrations"
        title={t.registrationsPageTitle}
        csv={view.csv}
        filters={
          <>
            <Select
              id="reg-edition"
              name="edition"
              label={t.editionLabel}
              value={filter.edition}
              options={options.editions}
            />
            <Select id="reg-plan" name="plan" label={t.planLabel} value={filter.plan} options={options.plans} any />
            <Select
              id="reg-status"
              name="status"
              label={t.statusLabel}
              value={filter.status}
              options={options.statuses}
              any
            />
          </>
        }
        list={list}
        none={t.registrationsListNone}
        caption={t.registrationsListCaption}
        head={t.registrationsListHead}
        row={(r) => (
          <tr key={r.id}>
            <td className="break-all">
              <a href={personHref(r.userId)}>{r.name}</a>
              <small>{r.email}</small>
              {r.company ? (
                <small>
                  {links.organization && r.organizationId ? (
                    <a href={organizationPage(r.organizationId)}>{r.company}</a>
                  ) : (
                    r.company
                  )}
                </small>
              ) : null}
            </td>
            <td>{r.plan}</td>
            <td>{r.status}</td>
            <td>{r.amount}</td>
            <td>{r.registered}</td>
            <td>{r.paid ?? ""}</td>
          </tr>
        )}
      />
    </div>
  );
}

export function SponsorshipsSection({ view }: { view: SponsorshipsDeskView }) {
  const { sponsorships: list, filter, options } = view;
  return (
    <FilteredList
      id="sponsorships"
      title={t.sponsorshipsPageTitle}
      csv={view.csv}
      filters={
        <>
          <Select
            id="sp-edition"
            name="edition"
            label={t.editionLabel}
            value={filter.edition}
            options={options.editions}
          />
          <Select id="sp-tier" name="tier" label={t.tierLabel} value={filter.tier} options={options.tiers} any />
          <Select
            id="sp-status"
            name="status"
            label={t.statusLabel}
            value={filter.status}
            options={options.statuses}
            any
          />
        </>
      }
      list={list}
      none={t.sponsorshipsListNone}
      caption={t.sponsorshipsListCaption}
      head={t.sponsorshipsListHead}
      row={(s) => (
        <tr key={s.id}>
          <td className={`${cellClass} break-words`}>{s.company}</td>
          <td className={`${cellClass} break-all`}>
            <PersonLink userId={s.userId}>{s.contact}</PersonLink>
            <span className="block text-xs text-slate-600">{s.email}</span>
          </td>
          <td className={cellClass}>{s.tier}</td>
          <td className={cellClass}>{s.status}</td>
          <td className={cellClass}>{s.amount}</td>
          <td className={cellClass}>{s.paid ?? ""}</td>
        </tr>
      )}
    />
  );
}

export function OrganizationsSection({ view }: { view: OrganizationsDeskView }) {
  const { organizations: list, filter, options } = view;
  return (
    <FilteredList
      id="organizations"
      title={t.organizationsPageTitle}
      csv={view.csv}
      filters={
        <>
          <Select
            id="org-edition"
            name="edition"
            label={t.editionLabel}
            value={filter.edition}
            options={options.editions}
          />
        </>
      }
      list={list}
      none={t.organizationsListNone}
      caption={t.organizationsListCaption}
      head={t.organizationsListHead}
      row={(o) => (
        <tr key={o.registrationId}>
          <td className={`${cellClass} break-words`}>
            <a href={`/organize/organizations/${o.registrationId}`} className={deskLinkClass}>
              {o.company}
            </a>
          </td>
          <td className={`${cellClass} break-all`}>
            <PersonLink userId={o.buyer.userId}>{o.buyer.name}</PersonLink>
            <span className="block text-xs text-slate-600">{o.buyer.email}</span>
          </td>
          <td className={`${cellClass} break-all`}>{o.code ?? t.codeRevoked}</td>
          <td className={cellClass}>
            {o.employees.length}
            {o.employees.length > 0 ? (
              <ul className="mt-1 space-y-1">
                {o.employees.map((e) => (
                  <li key={e.userId} className="break-all">
                    <PersonLink userId={e.userId}>{e.name}</PersonLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </td>
        </tr>
      )}
    />
  );
}

/** "Mark handled" or "Reopen": one plain POST button. */
function HandleButton({
  intent,
  id,
  handled,
  who,
}: {
  intent: "handle-contact" | "handle-interest";
  id: string;
  handled: boolean;
  who: string;
}) {
  return (
    <IntentForm intent={intent} className="mt-3" errors={[]}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="state" value={handled ? "open" : "handled"} />
      <button type="submit" className={handled ? "btn-outline" : "btn-primary"}>
        {handled ? t.reopen : t.markHandled}
        <span className="sr-only"> ({who})</span>
      </button>
    </IntentForm>
  );
}

function Received({ received, handled }: { received: string; handled: string | null }) {
  return (
    <p className="mt-1 text-sm text-slate-700">
      {t.received} {received}.{" "}
      <span className={handled ? "text-slate-700" : "font-semibold text-amber-800"} data-testid="handled-state">
        {handled ?? t.waiting}
      </span>
    </p>
  );
}

export function ContactsSection({ view, actionData }: { view: InboxDeskView; actionData?: IntentActionData }) {
  const { contacts, counts } = view;
  return (
    <SectionCard id="contacts" title={t.contactsTitle}>
      <p className="mt-2 text-sm text-slate-700">
        {t.contactsCount(counts.contacts.open, counts.contacts.all - counts.contacts.open)}
      </p>
      <Refusals messages={intentErrors(actionData, "handle-contact")} />
      {contacts.total === 0 ? (
        <Empty>{t.contactsNone}</Empty>
      ) : (
        <ol className="mt-4 space-y-4">
          {contacts.items.map((m) => (
            <li key={m.id}>
              <article
                aria-labelledby={`contact-${m.id}`}
                className="rounded-xl border border-slate-200 bg-white p-4"
                data-testid="contact-message"
              >
                <h3 id={`contact-${m.id}`} className="break-words font-semibold text-slate-900">
                  {m.subject}
                </h3>
                <p className="break-all text-sm text-slate-700">
                  {m.name} &lt;{m.email}&gt;
                </p>
                <Received received={m.received} handled={m.handled} />
                <p className="mt-2 whitespace-pre-line break-words text-slate-800">{m.message}</p>
                {view.canHandle ? (
                  <HandleButton intent="handle-contact" id={m.id} handled={m.handled !== null} who={m.email} />
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pager paged={contacts} label={t.contactsTitle} />
    </SectionCard>
  );
}

export function InterestsSection({ view, actionData }: { view: InboxDeskView; actionData?: IntentActionData }) {
  const { interests, counts } = view;
  return (
    <SectionCard id="interests" title={t.interestsTitle}>
      <p className="mt-2 text-sm text-slate-700">
        {t.contactsCount(counts.interests.open, counts.interests.all - counts.interests.open)}
      </p>
      {view.canInviteJudges ? (
        <p className="mt-2 text-sm">
          <a href="/organize/judges#interests" className={deskLinkClass}>
            {t.interestsInvite}
          </a>
        </p>
      ) : null}
      <Refusals messages={intentErrors(actionData, "handle-interest")} />
      {interests.total === 0 ? (
        <Empty>{t.interestsNone}</Empty>
      ) : (
        <ol className="mt-4 space-y-4">
          {interests.items.map((i) => (
            <li key={i.id}>
              <article
                aria-labelledby={`interest-${i.id}`}
                className="rounded-xl border border-slate-200 bg-white p-4"
                data-testid="interest-form"
              >
                <h3 id={`interest-${i.id}`} className="break-words font-semibold text-slate-900">
                  {i.name} ({i.role})
                </h3>
                <p className="break-all text-sm text-slate-700">
                  {i.email} · {i.phone}
                </p>
                <p className="break-words text-sm text-slate-700">
                  {i.title}, {i.organization}
                </p>
                {i.linkedIn ? <p className="break-all text-sm text-slate-700">{i.linkedIn}</p> : null}
                <Received received={i.received} handled={i.handled} />
                <p className="mt-2 whitespace-pre-line break-words text-slate-800">{i.expertise}</p>
                <p className="mt-2 whitespace-pre-line break-words text-slate-800">{i.experience}</p>
                <p className="mt-2 whitespace-pre-line break-words text-slate-800">{i.motivation}</p>
                {view.canHandle ? (
                  <HandleButton intent="handle-interest" id={i.id} handled={i.handled !== null} who={i.email} />
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pager paged={interests} label={t.interestsTitle} />
    </SectionCard>
  );
}
