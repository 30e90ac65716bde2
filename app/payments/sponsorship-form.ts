/**
 * The sponsorship form's rules (SPEC.md §3, §5), shared by the browser and the
 * server. The tier is the sponsor's choice; its amount is the server's
 * (app/content/pricing.ts), so a client can pick a tier but never a price.
 * Written with zod/mini, which the browser can afford (ADR 004).
 */
import * as z from "zod/mini";
import { defaultSponsorTier, sponsorTierIds } from "~/content/pricing";
import { registrationMessages as m, sponsorMessages } from "~/content/registration";
import { emailField, nameField, phoneField, requiredText, urlField } from "~/forms/fields";

export const SponsorshipSchema = z.object({
  // A missing tier means the default (gold); an unknown one is refused.
  sponsorshipTier: z.pipe(
    z.optional(z.enum(sponsorTierIds, { error: sponsorMessages.tierInvalid })),
    z.transform((tier) => tier ?? defaultSponsorTier),
  ),
  firstName: nameField(m.firstNameRequired),
  lastName: nameField(m.lastNameRequired),
  title: requiredText(m.titleRequired, 200),
  companyName: requiredText(m.companyNameRequired, 200),
  companyUrl: urlField(sponsorMessages.companyUrlRequired),
  email: emailField(),
  phone: phoneField(),
});

export type SponsorshipInput = z.output<typeof SponsorshipSchema>;
