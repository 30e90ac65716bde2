import { useRouteLoaderData } from "react-router";
import type { SiteContact } from "~/content/site";

/**
 * The configured contact details (app/lib/site-config.server.ts), as the root
 * loader hands them to every page: components read them here instead of each
 * route loading them again.
 */
export function useSiteContact(): SiteContact {
  const contact = useOptionalSiteContact();
  // Every page renders below the root loader; only the root error page can lack it.
  if (!contact) throw new Error("useSiteContact: the root loader's data is missing");
  return contact;
}

/** Null on an error page whose root loader failed (the footer then shows no contact lines). */
export function useOptionalSiteContact(): SiteContact | null {
  return useRouteLoaderData<{ contact: SiteContact }>("root")?.contact ?? null;
}
