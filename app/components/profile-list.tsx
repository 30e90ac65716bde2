/**
 * One group of published profiles on /judges-advisors (issue 54): the
 * judges, or one advisory group. Each photo has its width and height (fitted
 * into a fixed square, so nothing moves as it loads) and the person's name as
 * alt text. No script. Long names and titles wrap; fits 320 px.
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
          <li key={`${profile.editionId}:${profile.userId}`} className="card flex gap-4" data-testid="profile">
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
              <p className="break-words text-lg font-semibold text-brand-950">{profile.name}</p>
              {profile.title || profile.organization ? (
                <p className="break-words text-slate-700">
                  {[profile.title, profile.organization].filter(Boolean).join(", ")}
                </p>
              ) : null}
              {profile.bio ? (
                <p className="mt-2 whitespace-pre-line break-words text-slate-700">{profile.bio}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
