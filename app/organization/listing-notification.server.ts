/**
 * The organization's e-mails about its public listing (issue 54), written
 * by the desk's `organizations.approve-listing` and
 * `organizations.return-listing` in the same batch as the decision and sent
 * through the outbox: to the Workforce Package's contact, either way.
 */
import { z } from "zod";
import { organizationListingPaths } from "~/content/organization-listing";
import { site } from "~/content/site";
import { defineKind, oneLine, simpleHtml } from "~/notifications/kind.server";

const signOff = `— The ${site.name} team`;

export const ListingDecisionPayload = z.object({
  name: z.string(),
  editionName: z.string(),
  /** For the link: the address the desk or the organizer API was reached at. */
  origin: z.string(),
  organizationId: z.string(),
  /** Only when returned: why, in the registrar's words. */
  reason: z.string().optional(),
});

const dashboardUrl = (payload: { origin: string; organizationId: string }) =>
  `${payload.origin}${organizationListingPaths.section(payload.organizationId)}`;

export const organizationListingApproved = defineKind({
  kind: "organization-listing-approved",
  payload: ListingDecisionPayload,
  subject: ({ name }) => oneLine(`${name} is approved for the ${site.name}'s recognized organizations`),
  render(payload) {
    const url = dashboardUrl(payload);
    const page = `${payload.origin}${organizationListingPaths.page}`;
    const text = [
      "Hello,",
      "",
      `The organizers approved ${payload.name}'s listing among the recognized organizations of the ${payload.editionName}. It appears on ${page} with your recognition tier once your organization has earned one.`,
      "",
      `You can change it or unlist your organization at any time from your dashboard: ${url}`,
      "",
      signOff,
    ].join("\n");
    return {
      text,
      html: simpleHtml(`${payload.name} is approved`, [
        ["Employer Recognition", page],
        ["Your dashboard", url],
      ]),
    };
  },
});

export const organizationListingReturned = defineKind({
  kind: "organization-listing-returned",
  payload: ListingDecisionPayload,
  subject: ({ name }) => oneLine(`Please look again at ${name}'s listing (${site.name})`),
  render(payload) {
    const url = dashboardUrl(payload);
    const reason = payload.reason ?? "";
    const text = [
      "Hello,",
      "",
      `The organizers returned ${payload.name}'s listing among the recognized organizations of the ${payload.editionName}, with this reason:`,
      "",
      reason,
      "",
      `Please change it and send it again from your dashboard: ${url}`,
      "",
      signOff,
    ].join("\n");
    return {
      text,
      html: simpleHtml(`${payload.name}: returned for a change`, [["Your dashboard", url]], ["Reason", reason]),
    };
  },
});
