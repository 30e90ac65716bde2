/**
 * GET /account/sponsor/logos/:file (issue 54): the logo a sponsor gave, for
 * its own page while it waits for review. Only the account whose
 * sponsorship gave or shows it may see it; anyone else gets a 404.
 */
import { data } from "react-router";
import { requestContext, signedInContext } from "~/context";
import { accountMaySeeLogo } from "~/sponsors/presence.server";
import { logoKeyOf, logoResponse } from "~/sponsors/serve.server";
import type { Route } from "./+types/sponsor-logo";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { env } = context.get(requestContext);
  const { db, user } = context.get(signedInContext);
  const key = logoKeyOf(params.file);
  const mine = key ? await accountMaySeeLogo(db, user.id, key) : null;
  const response = key && mine ? await logoResponse(env.SUBMISSION_FILES, key, "private") : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
