import { data } from "react-router";
import { ListLinkOutcome, listLinkHeaders, listLinkMeta } from "~/components/list-link-page";
import { nextEditionCopy } from "~/content/next-edition";
import { requestContext } from "~/context";
import { now } from "~/clock/clock.server";
import { log } from "~/lib/log.server";
import { checkConfirmToken, confirmSubscription } from "~/next-edition/list.server";
import type { Route } from "./+types/next-edition.confirm";

const copy = nextEditionCopy.confirm;

/** Shows the button while the link still works; following the link alone confirms nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const token = new URL(request.url).searchParams.get("token");
  const usable = await checkConfirmToken(env, token, now(env));
  return data({ token: usable ? token : null, outcome: null }, { status: usable ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, requestId } = context.get(requestContext);
  const form = await request.formData().catch(() => null);
  const token = form?.get("token") ?? new URL(request.url).searchParams.get("token");
  const outcome = await confirmSubscription(env, token, now(env));
  log("info", "next_edition.confirm", { requestId, outcome });
  return data({ outcome }, { status: outcome === "done" ? 200 : 400 });
}

export const headers = listLinkHeaders;

export const meta = listLinkMeta(copy, nextEditionCopy.pageLead);

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  return <ListLinkOutcome copy={copy} token={loaderData.token} outcome={actionData?.outcome} />;
}
