/**
 * /account/profile (issue 54): a judge's or advisor's public profile of the
 * current edition, given with their consent (when accepting the invitation
 * or here), changed here, and withdrawn here: withdrawing deletes it and its
 * photo, and /judges-advisors stops showing it from the next request. What
 * the page shows is the copy a coordinator last published; a change shows
 * there after the next publication. An account that is neither a judge nor
 * an advisor of the edition, and has no profile, gets a 404.
 */
import { data } from "react-router";
import { Panel } from "~/components/account/panel";
import { IntentForm, intentErrors, useIntentForm } from "~/components/intent-form";
import { PageHero } from "~/components/page";
import { ProfileFields } from "~/components/profile-form";
import { profileMessages as m, profilePaths as paths } from "~/content/profiles";
import { requestContext, signedInContext } from "~/context";
import type { Db } from "~/db/client.server";
import { signedInPageHeaders } from "~/forms/action.server";
import { handleIntentPost, intent } from "~/forms/intent-action.server";
import { pageMeta } from "~/lib/meta";
import { refusal } from "~/lib/refusal";
import { profileHolderOf, profileOf, saveProfile, storePhoto, withdrawProfile } from "~/profiles/profile.server";
import { ProfileSchema, WithdrawProfileSchema } from "~/profiles/schema";
import { fittedPhoto } from "~/profiles/shown.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Your public profile", "Your profile as a judge or advisor on /judges-advisors."),
  { name: "robots", content: "noindex" },
];

const statusText = {
  none: "You have no public profile. Fill in the form and tick the consent box to give one.",
  waiting: "Saved. It appears on /judges-advisors once the organizers publish the edition's profiles.",
  changed:
    "Published, with changes since: /judges-advisors shows the published copy until the organizers publish again.",
  published: "Published on /judges-advisors.",
} as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, user, edition } = context.get(signedInContext);
  const [holder, profile] = await Promise.all([
    profileHolderOf(db, user.id, edition.id),
    profileOf(db, user.id, edition.id),
  ]);
  if (!holder && !profile) throw data(null, { status: 404 });
  const status: keyof typeof statusText = !profile
    ? "none"
    : !profile.publishedAt
      ? "waiting"
      : profile.updatedAt > profile.publishedAt
        ? "changed"
        : "published";
  return data(
    {
      editionName: edition.name,
      standing: holder?.standing ?? profile!.standing,
      advisoryGroup: holder?.advisoryGroup ?? profile?.advisoryGroup ?? null,
      canEdit: holder !== null,
      status,
      values: {
        consent: profile ? "on" : undefined,
        name: profile?.name ?? holder?.name ?? "",
        title: profile?.title ?? "",
        organization: profile?.organization ?? "",
        bio: profile?.bio ?? "",
      },
      photo:
        profile?.photoKey && profile.photoWidth && profile.photoHeight
          ? { src: paths.ownPhoto, ...fittedPhoto(profile.photoWidth, profile.photoHeight) }
          : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

interface ProfileCtx {
  db: Db;
  env: Env;
  userId: string;
  editionId: string;
  now: Date;
}

const intents = {
  save: intent({
    schema: ProfileSchema,
    async handle(input, ctx: ProfileCtx) {
      const holder = await profileHolderOf(ctx.db, ctx.userId, ctx.editionId);
      if (!holder) return refusal(m.notJudgeOrAdvisor, 403);
      if (input.consent !== "on") return refusal(m.consentRequired, 400, "consent");
      const photo = await storePhoto(ctx.env.SUBMISSION_FILES, input.photo);
      if (photo && "ok" in photo) return photo;
      const saved = await saveProfile(ctx.db, holder, input, photo, ctx.now);
      if (!saved.ok) return saved;
      return { ok: true, toast: { type: "success", title: "Saved", description: m.saved }, redirectTo: paths.page };
    },
  }),
  withdraw: intent({
    schema: WithdrawProfileSchema,
    async handle(_input, ctx: ProfileCtx) {
      const done = await withdrawProfile(ctx.db, ctx.env.SUBMISSION_FILES, ctx.userId, ctx.editionId);
      if (!done.ok) return done;
      return {
        ok: true,
        toast: { type: "success", title: "Consent withdrawn", description: m.withdrawn },
        redirectTo: paths.page,
      };
    },
  }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const { db, user, now, edition } = context.get(signedInContext);
  return handleIntentPost({
    request,
    env,
    requestId,
    event: "profile",
    intents,
    ctx: { db, env, userId: user.id, editionId: edition.id, now },
    redirectTo: paths.page,
    rateLimit: { scope: "judging", keys: [user.id], message: m.rateLimited },
    unknownIntent: m.unknownIntent,
    logFields: { userId: user.id },
  });
}

export const headers = signedInPageHeaders;

export default function ProfilePage({ loaderData: view, actionData }: Route.ComponentProps) {
  const [form, fields] = useIntentForm("save", ProfileSchema, actionData, { defaultValue: view.values });
  const standing = view.standing === "advisor" ? "an advisor" : "a judge";
  return (
    <>
      <PageHero
        eyebrow="Account"
        title="Your public profile"
        lead={<p>{`As ${standing} of the ${view.editionName}, you may be introduced on /judges-advisors.`}</p>}
      />
      <div className="section bg-slate-50">
        <div className="container-page max-w-3xl space-y-8">
          <Panel id="profile" title="Profile">
            <p data-testid="profile-status">{statusText[view.status]}</p>
            {view.canEdit ? (
              <IntentForm
                intent="save"
                form={form}
                encType="multipart/form-data"
                labelledBy="profile-form-title"
                className="space-y-4"
              >
                <h3 id="profile-form-title" className="sr-only">
                  Your profile
                </h3>
                <ProfileFields
                  fields={fields}
                  standing={view.standing}
                  advisoryGroup={view.advisoryGroup}
                  photo={view.photo}
                />
                <button type="submit" className="btn-primary">
                  Save my profile
                </button>
              </IntentForm>
            ) : null}
          </Panel>
          {view.status !== "none" ? (
            <Panel id="withdraw" title="Withdraw consent">
              <p>Your profile and photo are deleted and no longer shown on the site. You can give a new one later.</p>
              <IntentForm intent="withdraw" errors={intentErrors(actionData, "withdraw")} labelledBy="withdraw-title">
                <h3 id="withdraw-title" className="sr-only">
                  Withdraw consent
                </h3>
                <button type="submit" className="btn-outline">
                  Withdraw consent
                </button>
              </IntentForm>
            </Panel>
          ) : null}
        </div>
      </div>
    </>
  );
}
