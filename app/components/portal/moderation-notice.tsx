/**
 * What the organizers decided about a team's project (issue 33), on /portal
 * and /portal/submission: that it is hidden from the public gallery, and
 * why; and that the team has its own, later submission deadline.
 */
import { moderationPortalText } from "~/content/showcase-moderation";

export function ModerationNotice({
  hiddenReason,
  extended,
  deadline,
}: {
  /** Null while the project is shown (or not submitted). */
  hiddenReason: string | null;
  extended: boolean;
  deadline: string;
}) {
  if (hiddenReason === null && !extended) return null;
  return (
    <>
      {hiddenReason !== null ? (
        <section
          aria-labelledby="gallery-hidden-heading"
          className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-4 text-amber-950"
          data-testid="gallery-hidden"
        >
          <h2 id="gallery-hidden-heading" className="font-bold">
            {moderationPortalText.hiddenTitle}
          </h2>
          <p className="mt-1 whitespace-pre-line break-words">{moderationPortalText.hidden(hiddenReason)}</p>
          <p className="mt-1 text-sm">{moderationPortalText.hiddenContact}</p>
        </section>
      ) : null}
      {extended ? (
        <p
          role="note"
          className="rounded-lg border-l-4 border-brand-500 bg-brand-50 p-4 font-medium text-brand-950"
          data-testid="deadline-extended"
        >
          {moderationPortalText.extended(deadline)}
        </p>
      ) : null}
    </>
  );
}
