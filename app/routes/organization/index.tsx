/**
 * /organization (issue 14): the organizations the signed-in account manages.
 * One: straight to its dashboard. Several: a picker. None: 404, as for any
 * page a visitor may not see (ARCHITECTURE.md, Signed-in areas).
 */
import { data, Link, redirect } from "react-router";
import { PageHero } from "~/components/page";
import { signedInContext } from "~/context";
import { pageMeta } from "~/lib/meta";
import { requestOrganizations } from "~/account/request-reads.server";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  const { user, db } = context.get(signedInContext);
  const organizations = await requestOrganizations(context, db, user.id);
  if (organizations.length === 0) throw data(null, { status: 404 });
  if (organizations.length === 1) throw redirect(`/organization/${organizations[0]!.id}`);
  return data(
    { organizations: organizations.map(({ id, name, role }) => ({ id, name, role })) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

// The loader's Cache-Control (private, no-store: the page holds the organization's data) reaches the document.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Your organizations", "The organizations you manage in the Challenge."),
  { name: "robots", content: "noindex" },
];

export default function Organizations({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Organization dashboard" title="Your organizations" />
      <section className="section bg-slate-50">
        <div className="container-page max-w-3xl">
          <ul className="card divide-y divide-slate-100 p-2" data-testid="organization-list">
            {loaderData.organizations.map((o) => (
              <li key={o.id}>
                <Link
                  to={`/organization/${o.id}`}
                  className="flex items-center justify-between rounded-lg px-4 py-3 font-semibold text-brand-800 hover:bg-brand-50"
                >
                  {o.name}
                  <span className="text-sm font-normal text-slate-500">
                    {o.role === "owner" ? "bought the package" : "co-administrator"}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
