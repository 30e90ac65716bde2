import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { BusyBeforeHydration } from "./components/busy-before-hydration";
import { DeferredScripts } from "./components/deferred-scripts";
import { useNonce } from "./components/nonce";
import { SiteFooter } from "./components/site-footer";
import { PreviewBanner } from "./components/preview-banner";
import { SiteHeader } from "./components/site-header";
import { ToastRegion } from "./components/toast";
import { requestContext } from "./context";
import { appendSetCookies, NO_SESSION, type RequestSession } from "~/auth/session.server";
import { requestSession } from "~/auth/request-session.server";
import { log } from "./lib/log.server";
import { pageMeta } from "./lib/meta";
import { siteContact } from "./lib/site-config.server";
import { wantsHydration } from "./lib/route-handle";
import { getToast } from "./lib/toast.server";
import { getNotifiedLink } from "./content/navigation";
import { headerActionByPhase } from "./content/phases";
import { clockFor } from "~/clock/clock.server";
import { editionPhase } from "~/clock/schedule";
import { accountAreasFor } from "~/account/areas.server";
import { previewBannerOf } from "~/editions/preview.server";
import { placedSponsors, type ShownSponsor } from "~/sponsors/shown.server";
import { footerSponsorBox, sponsorPresenceText } from "~/content/sponsorship";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The flash toast set by the previous action, if any, and the header that
 * clears it; and who is signed in, for the header (no database read without a
 * session cookie).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, requestId } = context.get(requestContext);
  const { now, edition } = clockFor(env);
  // Started now and awaited last: the account menu's reads below must not wait for it (one round trip, side by side).
  const footerSponsors = footerSponsorsAt(env, now, requestId);
  const [{ toast, headers }, session] = await Promise.all([getToast(request, env), signedIn(request, context)]);
  // The toast's clearing cookie and a refreshed session cookie, if any.
  const responseHeaders = appendSetCookies(new Headers(headers ?? undefined), session.headers);
  // The header's account menu: the address and the areas this account may enter (issue 35).
  const user = session.user
    ? {
        email: session.user.email,
        areas: await accountAreasFor(
          env,
          context,
          { user: session.user, secondFactorAt: session.secondFactorAt, menuFacts: session.menuFacts },
          edition,
          requestId,
        ),
      }
    : null;
  const headerAction = headerActionByPhase[editionPhase(now, edition)];
  // The configured contact details, for the footer and every page (useSiteContact); an organizer's
  // preview of another day, for its banner (null on the live site: issue 52).
  return data(
    {
      toast,
      user,
      headerAction,
      contact: siteContact(env),
      preview: previewBannerOf(env),
      footerSponsors: { title: sponsorPresenceText.footerTitle, box: footerSponsorBox, shown: await footerSponsors },
    },
    { headers: responseHeaders },
  );
}

/**
 * The premier sponsors every page's footer shows (issue 54): one cached read
 * per isolate (app/sponsors/shown.server.ts). A failure shows no band
 * rather than an error page.
 */
async function footerSponsorsAt(env: Env, now: Date, requestId: string): Promise<ShownSponsor[]> {
  try {
    return await placedSponsors(env, now, "footer");
  } catch (error) {
    log("error", "sponsors.footer_unreadable", { requestId, error });
    return [];
  }
}

/**
 * Who is signed in, for the header: the request's one session read, shared
 * with the page (issue 34). A failure to tell shows the page signed out
 * rather than an error.
 */
async function signedIn(request: Request, context: Route.LoaderArgs["context"]): Promise<RequestSession> {
  try {
    return await requestSession(request, context);
  } catch (error) {
    log("error", "auth.session_lookup_failed", { requestId: context.get(requestContext).requestId, error });
    return NO_SESSION;
  }
}

// A toast may arrive with any navigation (a loader's redirect, too); single fetch
// loads the root's data in the same request as the page's, so this costs no round trip.
export const shouldRevalidate = () => true;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Undefined on an error page whose root loader failed.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const toast = rootData?.toast;
  const preview = rootData?.preview ?? null;
  // Content pages ship no JavaScript at all; a route opts in with handle.hydrate,
  // and even then nothing is fetched before the first paint (ADR 007).
  const hydrate = useMatches().some((match) => wantsHydration(match.handle));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* An organizer's preview of another day is never the site's: no search engine keeps it (issue 52). */}
        {preview ? <meta name="robots" content="noindex" /> : null}
        <Links />
        {/* Form pages: submit buttons show their busy label from the first paint, before React (issue 34). */}
        {hydrate ? <BusyBeforeHydration nonce={nonce} /> : null}
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to main content
        </a>
        {preview ? <PreviewBanner {...preview} /> : null}
        <SiteHeader user={rootData?.user ?? null} action={rootData?.headerAction ?? getNotifiedLink} />
        <ToastRegion flash={toast} />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter contact={rootData?.contact ?? null} sponsors={rootData?.footerSponsors} />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <DeferredScripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Lets end-to-end tests wait until React owns the page, and the bench time it.
    document.documentElement.dataset.hydrated = "true";
    performance.mark("hydrated");
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    // The server logged it already (entry.server handleError); this is for errors in the browser.
    if (!notFound) console.error(error);
  }, [error, notFound]);
  if (notFound) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <ErrorPage
      title="Something went wrong"
      message="We couldn't load this page. Please try again in a moment; if it keeps happening, contact us and we'll sort it out."
      status={status}
    />
  );
}

export function meta({ error }: Route.MetaArgs) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return pageMeta("Page not found", "The page you were looking for does not exist.");
  }
  if (error) return pageMeta("Something went wrong", "An unexpected error occurred.");
  return [];
}

function NotFound() {
  return (
    <ErrorPage
      title="Oops! Page not found"
      message="The page you're looking for doesn't exist or has moved."
      status={404}
    />
  );
}

function ErrorPage({ title, message, status }: { title: string; message: string; status: number }) {
  return (
    <section className="container-page section text-center">
      {/* brand-600 on white is 6.0:1; the paler brand-200 (1.5:1) failed axe's colour contrast (#23). */}
      <p className="text-6xl font-extrabold text-brand-600">{status}</p>
      <h1 className="mt-4 text-3xl font-bold text-brand-950 sm:text-4xl">{title}</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-secondary">
          Return to Home
        </Link>
        <Link to="/contact" className="btn text-brand-800 underline">
          Contact us
        </Link>
      </div>
    </section>
  );
}
