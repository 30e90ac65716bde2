import { Link, NavLink } from "react-router";
import {
  accountAreas,
  accountMenu,
  contactLink,
  headerGroups,
  homeLink,
  signInLink,
  type AccountAreaId,
  type NavGroup,
  type NavLinkItem,
} from "~/content/navigation";
import { site } from "~/content/site";

/**
 * Sticky header. Menus are native <details>: they open and close with a
 * click, Enter or Space, with or without JavaScript, and screen readers
 * announce them as expandable. `name` keeps one desktop group open at a time.
 */
/** The signed-in account, as the root loader provides it. */
export interface HeaderUser {
  email: string;
  /** The signed-in areas this account may enter (app/account/areas.server.ts), in the menu's order. */
  areas: readonly AccountAreaId[];
}

/**
 * `action` is the primary button: "Register Now" while enrollment is open,
 * the next-edition list otherwise (app/content/phases.ts).
 */
export function SiteHeader({ user = null, action }: { user?: HeaderUser | null; action: NavLinkItem }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/*
        From 1280 px the row holds the navigation, the account menu and the primary button: wider than the
        page's text column (max-w-7xl, 1216 px of row, where container-page gives 1088), so they fit (#35).
      */}
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
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

        {/* min-w-0: the row may shrink the account menu's address, the one part that gives way. */}
        <nav aria-label="Main" className="hidden min-w-0 xl:block">
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
            <li className="relative min-w-0">
              {user ? <AccountMenu user={user} /> : <HeaderLink href={signInLink.href} label={signInLink.label} />}
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
      className="rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:text-brand-700"
    >
      {label}
    </NavLink>
  );
}

function DesktopGroup({ group }: { group: NavGroup }) {
  return (
    <details name="site-nav" className="group">
      <summary className="flex list-none items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800">
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
 * The signed-in state (issue 35): one disclosure, the same kind as the
 * groups beside it. Its summary shows the address cut to the room the row
 * leaves (the row shrinks it and nothing else; its full text is the
 * summary's accessible name and the panel's first line), so the header is as
 * wide whatever the address and however many areas the person may enter.
 * Sharing the groups' `name`, opening it closes an open group.
 */
function AccountMenu({ user }: { user: HeaderUser }) {
  return (
    <details name="site-nav" className="group" data-testid="account-menu">
      <summary className="flex list-none items-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800">
        <PersonIcon />
        <span className="sr-only">{`${accountMenu.label}, ${accountMenu.signedInAs.toLowerCase()} `}</span>
        <span className="min-w-0 max-w-48 truncate">{user.email}</span>
        <Chevron />
      </summary>
      <div className="absolute right-0 top-full mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 whitespace-normal shadow-lg">
        <AccountPanel user={user} />
      </div>
    </details>
  );
}

/**
 * What the account menu holds, in the desktop menu and at the top of the
 * mobile one: the whole address (wrapping anywhere: an address has no
 * spaces), a link to each area the person may enter, and Sign Out, a POST
 * form that works without JavaScript (app/routes/sign-out.tsx).
 */
function AccountPanel({ user }: { user: HeaderUser }) {
  const areas = accountAreas.filter((area) => user.areas.includes(area.id));
  return (
    <div data-testid="account-panel">
      <p className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{accountMenu.signedInAs}</p>
      <p className="px-3 pb-2 text-sm text-slate-900 [overflow-wrap:anywhere]" data-testid="account-address">
        {user.email}
      </p>
      <ul className="border-t border-slate-100 pt-1">
        {areas.map((area) => (
          <li key={area.id}>
            <NavLink
              to={area.href}
              className="block rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:bg-brand-50"
            >
              {area.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <form method="post" action="/sign-out" className="mt-1 border-t border-slate-100 pt-1">
        <button
          type="submit"
          className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
        >
          {accountMenu.signOut}
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
          {/* Signed in, the account comes first: the areas are what such a visitor opens the menu for. */}
          {user ? (
            <li className="-mx-3 py-3">
              <AccountPanel user={user} />
            </li>
          ) : null}
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
            {user ? null : (
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
      className="size-4 shrink-0 transition-transform group-open:rotate-180"
      fill="currentColor"
    >
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

function PersonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 shrink-0" fill="currentColor">
      <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0 1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" />
    </svg>
  );
}
