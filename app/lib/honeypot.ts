/**
 * The honeypot of the public forms: a field a person never sees nor fills
 * (HoneypotField in app/components/forms.tsx). A bot that fills it hears what
 * a person hears (the success toast and redirect) and nothing is stored.
 */

/** Its name is plausible on purpose: bots that fill every input fill it. */
export const HONEYPOT_FIELD = "website";

/** Whether this post filled the honeypot: then it came from a bot. */
export function filledHoneypot(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return value !== null && value !== "";
}
