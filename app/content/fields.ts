/**
 * What the fields several forms ask for are called and say when refused
 * (issue 17): SPEC.md §8's messages, verbatim. app/forms/fields.ts pairs each
 * field's rules with these; a form's own catalog reuses them.
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

/** Every form field's label, once: the field shows it and the error summary names the field by it. */
export const fieldLabels = {
  name: "Name",
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
  password: "Password",
  subject: "Subject",
  message: "Message",
  title: "Title",
  jobTitle: "Job title",
  companyName: "Company name",
  companyCode: "Company code",
  companyUrl: "Company website",
  employerWebsite: "Employer website",
  organization: "Organization",
  linkedIn: "LinkedIn profile",
  expertise: "Areas of expertise",
  experience: "Relevant experience",
  motivation: "Why do you want to take part?",
} as const;
