/**
 * What the fields several forms ask for say when refused (issue 17): SPEC.md
 * §8's messages, verbatim. app/forms/fields.ts pairs each field's rules with
 * these; a form's own catalog reuses them.
 */
export const fieldMessages = {
  nameTooShort: "Name must be at least 2 characters",
  nameTooLong: "Name must be less than 100 characters",
  nameCharacters: "Please use only letters, spaces, hyphens, apostrophes and periods",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be less than 255 characters",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number",
  urlInvalid: "Please enter a valid URL, such as https://example.com",
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;
