/**
 * The sponsor's e-mails about its presence (issue 54), written by the
 * desk's `sponsors.approve-presence` and `sponsors.return-presence` in the
 * same batch as the decision and sent through the outbox: to the
 * sponsorship's contact, either way.
 */
import { z } from "zod";
import { site } from "~/content/site";
import { sponsorPresencePaths } from "~/content/sponsor-presence";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

const signOff = `— The ${site.name} team`;

export const PresenceDecisionPayload = z.object({
  name: z.string(),
  editionName: z.string(),
  /** For the link: the address the desk or the organizer API was reached at. */
  origin: z.string(),
  /** Only when returned: why, in the registrar's words. */
  reason: z.string().optional(),
});

const pageUrl = (origin: string) => `${origin}${sponsorPresencePaths.page}`;

export const sponsorPresenceApproved = defineKind({
  kind: "sponsor-presence-approved",
  payload: PresenceDecisionPayload,
  subject: ({ name }) => oneLine(`${name} is now shown on the ${site.name} site`),
  render(payload) {
    const url = pageUrl(payload.origin);
    const text = [
      "Hello,",
      "",
      `The organizers approved ${payload.name}'s name, logo and description as a sponsor of the ${payload.editionName}. They appear on the site as your tier's placements say.`,
      "",
      `You can change them at any time: ${url}. A change is reviewed again; what is approved now stays on the site meanwhile.`,
      "",
      signOff,
    ].join("\n");
    return { text, html: simpleHtml(`${payload.name} is on the site`, [["Your sponsor presence", url]]) };
  },
});

export const sponsorPresenceReturned = defineKind({
  kind: "sponsor-presence-returned",
  payload: PresenceDecisionPayload,
  subject: ({ name }) => oneLine(`Please look again at ${name}'s logo and details (${site.name})`),
  render(payload) {
    const url = pageUrl(payload.origin);
    const reason = payload.reason ?? "";
    const text = [
      "Hello,",
      "",
      `The organizers returned what ${payload.name} gave for the site as a sponsor of the ${payload.editionName}, with this reason:`,
      "",
      reason,
      "",
      `Please change it and send it again: ${url}`,
      "",
      signOff,
    ].join("\n");
    return {
      text,
      html: simpleHtml(`${payload.name}: returned for a change`, [["Your sponsor presence", url]], ["Reason", reason]),
    };
  },
});
