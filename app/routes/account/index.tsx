/**
 * /account (issue 13, docs/accounts.md): the signed-in person's e-mail,
 * password, second factor, sessions, everything the account did, a download
 * of it all, and deleting the account. Server-rendered plain forms, no
 * JavaScript (no `hydrate` handle): each posts an intent
 * (app/account/intents.server.ts). The layout has checked who asks (ADR 013).
 */
import { data } from "react-router";
import { accountActivityFrom, accountRecordsQuery, accountSessionsFrom } from "~/account/activity.server";
import { accountIntents } from "~/account/intents.server";
import { takeShowRecoveryCodes } from "~/account/recovery-codes-flash.server";
import { accountMessages } from "~/content/account";
import { ACCOUNT_PATH } from "~/account/schema";
import { createAuth } from "~/auth/auth.server";
import { passedSecondFactor } from "~/auth/second-factor-session.server";
import { CredentialsSection } from "~/components/account/credentials";
import { ProfileSection } from "~/components/account/profile";
import { DataSection, DeleteSection } from "~/components/account/data-and-deletion";
import {
  InterestsSection,
  OrganizationsSection,
  RegistrationsSection,
  SponsorshipsSection,
} from "~/components/account/records";
import { SessionsSection, SignInDetails, TwoFactorSection } from "~/components/account/security";
import { PageHero } from "~/components/page";
import { YourVotesSection } from "~/components/showcase/your-votes";
import { requestContext, signedInContext } from "~/context";
import { InvoiceList } from "~/components/invoices/invoice-list";
import { invoiceListItem, invoicesOfUserQuery } from "~/payments/invoices.server";
import { handleIntentPost } from "~/forms/intent-action.server";
import { holderRefusal } from "~/credentials/eligibility";
import { holderCredentialsFrom, holderCredentialsQuery } from "~/credentials/holder.server";
import { log } from "~/lib/log.server";
import { pageMeta, siteOrigin } from "~/lib/meta";
import { requestOrganizations } from "~/account/request-reads.server";
import { projectSummariesQuery } from "~/portal/past-projects.server";
import { votesFrom, votesOfQuery } from "~/showcase/votes.server";
import { hasProfilePageFrom, hasProfilePageQuery } from "~/profiles/profile.server";
import type { Route } from "./+types/index";
import { findEdition } from "~/clock/clock.server";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Your Account", "Your Idaho AI Challenge account: sign-in, security, registrations and your data."),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, requestId } = context.get(requestContext);
  const { user, sessionId, secondFactorAt, db, now, edition } = context.get(signedInContext);
  // The organizations came with the session's statement (ADR 020, "The signed-in price"): no read, unless
  // better-auth answered without the menu's facts, and then one for the header's menu and the page (issue 56).
  // The credentials only for an account that may hold one.
  const organizationsRead = requestOrganizations(context, db, user.id);
  const mayHoldCredentials = holderRefusal(user) === null;
  // The page's own reads, independent of each other, in one batch: one round trip (issue 56). The account's own
  // records are one statement; the recovery codes' flag is taken only when its cookie is there.
  const [[[[records], projectRows, voteRows, invoices, profilePageRows, credentialRows = []], organizations], flash] =
    await Promise.all([
      Promise.all([
        db.batch([
          accountRecordsQuery(db, user.id, now),
          projectSummariesQuery(db, user.id),
          votesOfQuery(db, user.id),
          invoicesOfUserQuery(db, user.id),
          // A judge's or advisor's public profile (issue 54).
          hasProfilePageQuery(db, user.id, edition.id),
          ...(mayHoldCredentials ? [holderCredentialsQuery(db, user.id)] : []),
        ]),
        organizationsRead,
      ]),
      takeShowRecoveryCodes(env, request, user.id),
    ]);
  const activity = accountActivityFrom(env, records, projectRows);
  const sessions = accountSessionsFrom(records, sessionId);
  const votes = votesFrom(voteRows);
  const credentials = mayHoldCredentials ? holderCredentialsFrom(env, credentialRows, siteOrigin(request, env)) : [];
  const displayName = records?.name ?? "";
  const profilePage = hasProfilePageFrom(profilePageRows);
  let recoveryCodes: string[] | null = null;
  // The codes are shown to the session that just turned two-step sign-in on, and only once (issue 50).
  if (flash.show && passedSecondFactor({ user, secondFactorAt })) {
    try {
      const result = await createAuth(env, request, { requestId }).api.viewBackupCodes({ body: { userId: user.id } });
      recoveryCodes = result.backupCodes;
    } catch (error) {
      log("error", "account.recovery_codes_unreadable", { requestId, error });
    }
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (flash.clear) headers.append("Set-Cookie", flash.clear);
  const managed = organizations.map(({ id, name, role }) => ({ id, name, role }));
  // Each vote's edition by its name, as this request knows the editions (a vote of one no longer published keeps its id).
  const votedIn = votes.map((vote) => ({
    ...vote,
    editionName: findEdition(env, vote.editionId)?.name ?? `The ${vote.editionId} edition`,
  }));
  return data(
    {
      user,
      sessions,
      activity,
      recoveryCodes,
      organizations: managed,
      votes: votedIn,
      credentials,
      displayName,
      // Invoices requested (issue 53): an open sponsorship invoice is committed, "overdue" past its due date.
      invoices: invoices.map((row) => invoiceListItem(row, now, `/account/invoices/${row.id}`)),
      profilePage,
    },
    { headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const { user, secondFactorAt, now } = context.get(signedInContext);
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "account",
    intents: accountIntents,
    ctx: { request, env, requestId, user, secondFactorAt, now },
    redirectTo: ACCOUNT_PATH,
    // Each intent counts against its own allowance (password guesses, second-factor codes).
    rateLimit: { scope: "account:password", keys: [user.id], message: accountMessages.rateLimited },
    unknownIntent: accountMessages.failed,
    logFields: { userId: user.id },
  });
}

// Nothing here may be cached: it is one person's account, and holds secrets right after enrollment.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, sessions, activity, recoveryCodes } = loaderData;
  return (
    <>
      <PageHero eyebrow="Your account" title="Your Account" lead={<p>Signed in as {user.email}.</p>} />
      <div className="section bg-slate-50">
        <div className="container-page max-w-4xl space-y-8">
          <SignInDetails user={user} actionData={actionData} />
          <TwoFactorSection enabled={user.twoFactorEnabled} recoveryCodes={recoveryCodes} actionData={actionData} />
          <SessionsSection sessions={sessions} actionData={actionData} />
          <CredentialsSection
            credentials={loaderData.credentials}
            displayName={loaderData.displayName}
            actionData={actionData}
          />
          <RegistrationsSection editions={activity.editions} />
          <SponsorshipsSection sponsorships={activity.sponsorships} />
          <InvoiceList invoices={loaderData.invoices} title="Your invoices" />
          <OrganizationsSection organizations={loaderData.organizations} />
          <InterestsSection interests={activity.interests} />
          {loaderData.profilePage ? <ProfileSection /> : null}
          <YourVotesSection votes={loaderData.votes} />
          <DataSection />
          <DeleteSection
            ownsWorkforcePackage={activity.registrations.some((r) => r.companyCode)}
            actionData={actionData}
          />
        </div>
      </div>
    </>
  );
}
