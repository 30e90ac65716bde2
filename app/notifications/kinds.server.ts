/** Every notification kind the consumer knows how to render. */
import { contactNotification } from "./contact.server";
import { judgeAdvisorNotification } from "./judge-advisor.server";
import { signupNotification } from "./signup.server";
import type { NotificationKind, RenderedEmail } from "./kind.server";
import { enrollmentConfirmation, registrationConfirmation, sponsorshipConfirmation } from "./payments.server";

const kinds: Record<string, NotificationKind<unknown>> = {
  [contactNotification.kind]: contactNotification as NotificationKind<unknown>,
  [signupNotification.kind]: signupNotification as NotificationKind<unknown>,
  [judgeAdvisorNotification.kind]: judgeAdvisorNotification as NotificationKind<unknown>,
  [registrationConfirmation.kind]: registrationConfirmation as NotificationKind<unknown>,
  [enrollmentConfirmation.kind]: enrollmentConfirmation as NotificationKind<unknown>,
  [sponsorshipConfirmation.kind]: sponsorshipConfirmation as NotificationKind<unknown>,
};

export class UnrenderableNotification extends Error {
  override name = "UnrenderableNotification";
}

/** Renders a stored notification; throws UnrenderableNotification for an unknown kind or a bad payload. */
export function renderNotification(kind: string, payloadJson: string): RenderedEmail {
  const definition = kinds[kind];
  if (!definition) throw new UnrenderableNotification(`unknown notification kind "${kind}"`);
  let json: unknown;
  try {
    json = JSON.parse(payloadJson);
  } catch {
    throw new UnrenderableNotification(`payload of kind "${kind}" is not JSON`);
  }
  const parsed = definition.payload.safeParse(json);
  if (!parsed.success) throw new UnrenderableNotification(`payload of kind "${kind}" does not match its schema`);
  return definition.render(parsed.data);
}
