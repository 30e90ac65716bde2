/**
 * The vote on a project's page (issue 25): what the visitor may do now, in
 * words, and the form when they may. A plain POST (no JavaScript): the page
 * stays a content page; the server answers with a redirect and a toast, or
 * the page again with the refusal.
 */
import { authPath } from "~/auth/safe-redirect";
import { IntentForm, intentErrors } from "~/components/intent-form";
import type { IntentActionData } from "~/forms/intent-action.server";
import type { ProjectView } from "~/showcase/view.server";

export function VotePanel({ view, actionData }: { view: ProjectView; actionData: IntentActionData | undefined }) {
  const { visitor, voting } = view;
  const here = `/showcase/${view.project.slug}`;
  const signIn = authPath(here, "signin");
  const vote = visitor?.vote ?? null;
  return (
    <section id="your-vote" aria-labelledby="your-vote-heading" className="card">
      <h2 id="your-vote-heading" className="text-xl font-semibold text-brand-950">
        {vote ? "Your vote" : "Vote"}
      </h2>
      {vote ? (
        <p className="mt-2 text-slate-800" data-testid="your-vote">
          {vote.here ? (
            <strong>{`Your vote is for this project (since ${vote.castAt}).`}</strong>
          ) : (
            <>
              {"Your vote is for "}
              {vote.slug ? (
                <a href={`/showcase/${vote.slug}`} className="font-semibold text-brand-700 underline">
                  {vote.title}
                </a>
              ) : (
                vote.title
              )}
              {voting === "open" ? ". You can move it to this project until voting closes; the last one counts." : "."}
            </>
          )}
        </p>
      ) : null}
      {voting === "notYetOpen" ? (
        <p className="mt-2 text-slate-700">{`Voting opens ${view.opens}.`}</p>
      ) : voting === "closed" ? (
        <p className="mt-2 text-slate-700">{`Voting closed at the end of ${view.lastDay}.`}</p>
      ) : !visitor ? (
        <p className="mt-2 text-slate-700">
          {`Every verified account has one vote, which can be moved until the end of ${view.lastDay}. `}
          <a href={signIn} className="font-semibold text-brand-700 underline">
            Sign in to vote
          </a>
          {" (or create an account there)."}
        </p>
      ) : visitor.ownProject ? (
        <p className="mt-2 text-slate-700">This is your team's project: you can vote for any other project.</p>
      ) : !visitor.verified ? (
        <p className="mt-2 text-slate-700">
          Verify your e-mail address to vote: use the link we sent you, or ask for a new one on{" "}
          <a href="/account" className="font-semibold text-brand-700 underline">
            your account page
          </a>
          .
        </p>
      ) : vote?.here ? null : (
        <IntentForm intent="vote" className="mt-4" errors={intentErrors(actionData, "vote")}>
          <button type="submit" className="btn-primary">
            {vote ? "Move my vote to this project" : "Vote for this project"}
          </button>
          <p className="mt-2 text-sm text-slate-600">{`One vote per account; you can move it until the end of ${view.lastDay}.`}</p>
        </IntentForm>
      )}
      {/* A refusal when the form is no longer shown (voting closed meanwhile, own project). */}
      {voting !== "open" || visitor?.ownProject || vote?.here ? (
        <Refused messages={intentErrors(actionData, "vote")} />
      ) : null}
    </section>
  );
}

function Refused({ messages }: { messages: string[] }) {
  return messages.length > 0 ? (
    <p role="alert" className="mt-3 rounded-lg border-l-4 border-red-600 bg-red-50 p-3 text-red-900">
      {messages.join(" ")}
    </p>
  ) : null;
}
