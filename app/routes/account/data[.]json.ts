import { requestContext, signedInContext } from "~/context";
import { accountExport } from "~/account/export.server";
import { log } from "~/lib/log.server";
import type { Route } from "./+types/data[.]json";

/**
 * "Download my data" (issue 13): the signed-in account's data as a JSON
 * attachment. Only the owner: the data is looked up by the session's user,
 * and a signed-out request goes to /auth and back to /account.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, requestId } = context.get(requestContext);
  const { user, sessionId } = context.get(signedInContext);
  // Real time, not the site clock (APP_NOW): sessions expire by the wall clock.
  const now = new Date();
  const body = await accountExport(env, user, sessionId, now);
  log("info", "account.exported", { requestId, userId: user.id });
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="idaho-ai-challenge-account-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
