/** The list's link paths and the unsubscribe link every e-mail to the list carries. */
import type { NextEditionSubscriber } from "~/db/schema";
import { signToken } from "./tokens.server";

export const CONFIRM_PATH = "/next-edition/confirm";
export const UNSUBSCRIBE_PATH = "/next-edition/unsubscribe";

export async function unsubscribeUrl(
  env: Pick<Env, "BETTER_AUTH_SECRET" | "ENVIRONMENT">,
  origin: string,
  subscriber: Pick<NextEditionSubscriber, "id" | "unsubscribeNonce">,
): Promise<string> {
  const token = await signToken(env, {
    purpose: "unsubscribe",
    subscriberId: subscriber.id,
    nonce: subscriber.unsubscribeNonce,
  });
  return `${origin}${UNSUBSCRIBE_PATH}?token=${token}`;
}
