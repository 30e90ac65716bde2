import { data } from "react-router";
import { ListLinkOutcome, listLinkHeaders, listLinkMeta } from "~/components/list-link-page";
import { nextEditionCopy } from "~/content/next-edition";
import { requestContext } from "~/context";
import { now } from "~/clock/clock.server";
import { log } from "~/lib/log.server";
import { checkUnsubscribeToken, unsubscribe } from "~/next-edition/list.server";
import type { Route } from "./+types/next-edition.unsubscribe";

const copy = nextEditionCopy.unsubscribe;

/** Shows the button; following the link alone (a mail scanner does) unsubscribes nobody. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token");
  const usable = await checkUnsubscribeToken(env, token, now(env));
  return data({ token: usable ? token : null }, { status: usable ? 200 : 400 });
}

/**
 * The button's POST, and RFC 8058's one-click POST that mail providers send
 * to the List-Unsubscribe address (body `List-Unsubscribe=One-Click`, the
 * token in the URL, no Origin or Sec-Fetch-Site headers, which the worker's
 * cross-site check lets through).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const form = await request.formData().catch(() => null);
  const fromForm = form?.get("token");
  const token = typeof fromForm === "string" && fromForm ? fromForm : new URL(request.url).searchParams.get("token");
  const outcome = await unsubscribe(env, token, now(env));
  log("info", "next_edition.unsubscribe", {
    requestId,
    outcome,
    oneClick: form?.get("List-Unsubscribe") === "One-Click",
  });
  return data({ outcome }, { status: outcome === "done" ? 200 : 400 });
}

export const headers = listLinkHeaders;

export const meta = listLinkMeta(copy, nextEditionCopy.pageLead);

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <ListLinkOutcome copy={copy} token={loaderData.token} outcome={actionData?.outcome} />;
}
