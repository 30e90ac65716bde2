/**
 * One group of published profiles on /judges-advisors (issue 54): the
 * judges, or one advisory group. Each photo has its width and height (fitted
 * into a fixed square, so nothing moves as it loads) and the person's name as
 * alt text. No script. Long names and titles wrap; fits 320 px: a grid
 * item is as wide as its longest word unless told otherwise (min-w-0), and
 * a surname like "Featherstonehaugh" in the name's size is wider than what
 * the photo leaves at 320 px, so words break anywhere when they must.
 */
import type { ShownProfile } from "~/profiles/shown.server";

export function ProfileList({ id, title, profiles }: { id: string; title: string; profiles: readonly ShownProfile[] }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-xl font-semibold text-brand-950">
        {title}
      </h3>
      <ul className="mt-4 grid gap-6 md:grid-cols-2">
        {profiles.map((profile) => (
          <li key={`${profile.editionId}:${profile.userId}`} className="card flex min-w-0 gap-4" data-testid="profile">
            {profile.photo ? (
              // A fixed box (profileRules.photoBox: 96 px, h-24 w-24) whatever the photo's proportions.
              <div className="flex h-24 w-24 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-white">
                <img
                  src={profile.photo.src}
                  alt={profile.name}
                  width={profile.photo.width}
                  height={profile.photo.height}
                  loading="lazy"
                  decoding="async"
                />
              </div>
            ) : null}
            <div className="min-w-0">
              <p className="text-lg font-semibold text-brand-950 wrap-anywhere">{profile.name}</p>
              {profile.title || profile.organization ? (
                <p className="text-slate-700 wrap-anywhere">
                  {[profile.title, profile.organization].filter(Boolean).join(", ")}
                </p>
              ) : null}
              {profile.bio ? (
                <p className="mt-2 whitespace-pre-line text-slate-700 wrap-anywhere">{profile.bio}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
