/** /account's audience votes (issue 25): the project each vote is for, per edition. */
import { Panel } from "../account/panel";

export function YourVotesSection({
  votes,
}: {
  votes: { editionId: string; editionName: string; slug: string | null; title: string; castAt: string }[];
}) {
  if (votes.length === 0) return null;
  return (
    <Panel id="your-vote" title="Your vote">
      <ul className="space-y-2" data-testid="account-votes">
        {votes.map((vote) => (
          <li key={vote.editionId}>
            {`${vote.editionName}: `}
            {vote.slug ? (
              <a href={`/showcase/${vote.slug}`} className="font-medium text-brand-700 underline">
                {vote.title}
              </a>
            ) : (
              vote.title
            )}
            {` (since ${vote.castAt})`}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
