import {
  nextEditionCopy,
  nextEditionInterests,
  nextEditionLimits,
  type NextEditionInterest,
} from "~/content/next-edition";
import { fieldLabels } from "~/content/fields";

/**
 * What a page that hydrates needs to show the next-edition form once its own
 * action has closed (/register, /sponsor-register, /judge-advisor-register).
 * The copy travels in the loader's data instead of the page's bundle, so the
 * open form pages, the common case, stay within their JavaScript budget
 * (ADR 007): see app/components/next-edition-plain-form.tsx.
 */
export function nextEditionEmbed(interest: NextEditionInterest) {
  return {
    interest,
    heading: nextEditionCopy.formHeading,
    note: nextEditionCopy.formNote,
    legend: nextEditionCopy.interestsLegend,
    submitLabel: nextEditionCopy.submitLabel,
    privacyNote: nextEditionCopy.privacyNote,
    interests: nextEditionInterests.map(({ key, label }) => ({ key, label })),
    labels: { email: fieldLabels.email, name: fieldLabels.name },
    emailMax: nextEditionLimits.email.max,
    nameMax: nextEditionLimits.name.max,
  };
}

export type NextEditionEmbedData = ReturnType<typeof nextEditionEmbed>;
