/**
 * The banner on every page of an organizer's preview of the site on another
 * day (issue 52, app/editions/preview.server.ts): what is shown and when, a
 * way out that is a plain form (it works on content pages, which ship no
 * JavaScript) and the way back to the desk. First in the page, so nobody
 * mistakes the preview for the live site.
 */
import { previewText } from "~/content/preview";

export interface PreviewBannerProps {
  subject: string;
  day: string;
  leaveAction: string;
  deskHref: string;
}

export function PreviewBanner({ subject, day, leaveAction, deskHref }: PreviewBannerProps) {
  return (
    <aside
      aria-label={previewText.bannerHeading}
      data-testid="preview-banner"
      className="border-b-4 border-amber-500 bg-amber-50 text-amber-950"
    >
      <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm">
        <p className="min-w-0 flex-1 basis-64">
          <strong className="font-bold uppercase tracking-wide">{previewText.bannerHeading}:</strong>{" "}
          {previewText.banner(subject, day)}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <form method="post" action={leaveAction}>
            <input type="hidden" name="intent" value="leave" />
            <button
              type="submit"
              className="rounded-md bg-amber-900 px-3 py-1.5 font-semibold text-white hover:bg-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-900 focus-visible:ring-offset-2"
            >
              {previewText.leave}
            </button>
          </form>
          <a href={deskHref} className="font-semibold text-amber-950 underline">
            {previewText.backToDesk}
          </a>
        </div>
      </div>
    </aside>
  );
}
