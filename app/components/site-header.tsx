import { Link, NavLink } from "react-router";
import { contactLink, headerGroups, homeLink, signInLink, type NavGroup, type NavLinkItem } from "~/content/navigation";
import { site } from "~/content/site";

/**
 * Sticky header. Menus are native <details>: they open and close with a
 * click, Enter or Space, with or without JavaScript, and screen readers
 * announce them as expandable. `name` keeps one desktop group open at a time.
 */
/** The signed-in account, as the root loader provides it. */
export interface HeaderUser {
  email: string;
  /** Manages an organization: the header links its dashboard (issue 14). */
  manager?: boolean;
}

/**
 * `action` is the primary button: "Register Now" while enrollment is open,
 * the next-edition list otherwise (app/content/phases.ts).
 */
export function SiteHeader({ user = null, action }: { user?: HeaderUser | null; action: NavLinkItem }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        {/* At 320 px the name at text-lg and the worded Menu button need 344 px of 288 (#23): smaller name, icon-only menu. */}
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 text-base font-bold whitespace-nowrap text-brand-900 sm:text-lg"
        >
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-lg bg-brand-700 text-sm text-white"
          >
            AI
          </span>
          <span>{site.name}</span>
        </Link>

        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-0.5 whitespace-nowrap">
            <li>
              <HeaderLink href={homeLink.href} label={homeLink.label} />
            </li>
            {headerGroups.map((group) => (
              <li key={group.label} className="relative">
                <DesktopGroup group={group} />
              </li>
            ))}
            <li>
              <HeaderLink href={contactLink.href} label={contactLink.label} />
            </li>
            <li>
              {user ? <AccountControls user={user} /> : <HeaderLink href={signInLink.href} label={signInLink.label} />}
            </li>
            <li className="ml-2">
              <Link to={action.href} className="btn-primary">
                {action.label}
              </Link>
            </li>
          </ul>
        </nav>

        <MobileMenu user={user} action={action} />
      </div>
    </header>
  );
}

function HeaderLink({ href, label }: { href: string; label: string }) {
  return (
    <NavLink
      to={href}
      end
      className="rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:text-brand-700"
    >
      {label}
    </NavLink>
  );
}

function DesktopGroup({ group }: { group: NavGroup }) {
  return (
    <details name="site-nav" className="group">
      <summary className="flex list-none items-center gap-1 rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800">
        {group.label}
        <Chevron />
      </summary>
      <ul className="absolute left-0 top-full mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        {group.links.map((link) => (
          <li key={link.href}>
            <Link
              to={link.href}
              className="block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The signed-in state: the account's email and Sign Out, a POST form that
 * works without JavaScript (app/routes/sign-out.tsx).
 */
function AccountControls({ user, stacked = false }: { user: HeaderUser; stacked?: boolean }) {
  return (
    <div className={stacked ? "flex flex-col gap-2" : "flex items-center gap-2"}>
      <Link
        to="/account"
        className="max-w-40 truncate rounded-md px-1 text-sm text-slate-700 underline-offset-2 hover:text-brand-800 hover:underline"
        title={`Your account (${user.email})`}
      >
        <span className="sr-only">Your account, signed in as </span>
        {user.email}
      </Link>
      {/* Every signed-in account: the portal itself says what, if anything, is still missing (issue 15). */}
      <Link to="/portal" className="rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
        Portal
      </Link>
      {user.manager ? (
        <Link to="/organization" className="rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
          Organization
        </Link>
      ) : null}
      <form method="post" action="/sign-out">
        <button
          type="submit"
          className={
            stacked
              ? "btn-outline w-full text-brand-800"
              : "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
          }
        >
          Sign Out
        </button>
      </form>
    </div>
  );
}

function MobileMenu({ user, action }: { user: HeaderUser | null; action: NavLinkItem }) {
  return (
    <details className="group/menu xl:hidden" data-testid="mobile-menu">
      <summary
        className="flex min-h-11 min-w-11 list-none items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800"
        aria-label="Menu"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5 group-open/menu:hidden"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="hidden size-5 group-open/menu:block"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
        {/* The word only where it fits; the summary's aria-label names it at every width. */}
        <span className="hidden min-[25rem]:inline min-[25rem]:group-open/menu:hidden">Menu</span>
        <span className="hidden min-[25rem]:group-open/menu:inline">Close</span>
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
      >
        <ul className="divide-y divide-slate-100">
          <li className="py-3">
            <Link to={homeLink.href} className="block py-2 font-semibold text-slate-900">
              {homeLink.label}
            </Link>
          </li>
          {headerGroups.map((group) => (
            <li key={group.label} className="py-3">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{group.label}</p>
              <ul className="mt-1">
                {group.links.map((link) => (
                  <li key={link.href}>
                    <Link to={link.href} className="block py-2 text-slate-800">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
          <li className="flex flex-col gap-3 py-4">
            <Link to={contactLink.href} className="block py-2 font-semibold text-slate-900">
              {contactLink.label}
            </Link>
            {user ? (
              <AccountControls user={user} stacked />
            ) : (
              <Link to={signInLink.href} className="btn-outline text-brand-800">
                {signInLink.label}
              </Link>
            )}
            <Link to={action.href} className="btn-primary">
              {action.label}
            </Link>
          </li>
        </ul>
      </nav>
    </details>
  );
}

function Chevron() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4 transition-transform group-open:rotate-180"
      fill="currentColor"
    >
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}
