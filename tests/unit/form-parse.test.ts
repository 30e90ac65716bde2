import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { contactMessages } from "~/content/contact";
import { ContactSchema } from "~/contact/schema";
import { parseWithSchema, requiredFields } from "~/forms/parse";
import { IndividualRegistrationSchema } from "~/payments/registration-form";
import { SponsorshipSchema } from "~/payments/sponsorship-form";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

const validContact = { name: "Jo", email: "jo@example.com", subject: "", message: "Ten chars!" };

describe("parseWithSchema (Conform's Submission from a zod/mini schema)", () => {
  it("reads empty inputs as missing: an empty optional field is absent, an empty required one says its message", () => {
    const ok = parseWithSchema(form(validContact), { schema: ContactSchema });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({ name: "Jo", email: "jo@example.com", message: "Ten chars!" });

    const failed = parseWithSchema(form({ ...validContact, name: "", email: "" }), { schema: ContactSchema });
    expect(failed.status).toBe("error");
    expect(failed.status === "error" && failed.error).toEqual({
      name: [contactMessages.nameTooShort],
      email: [contactMessages.emailInvalid],
    });
  });

  it("replies with the visitor's input and the errors, hiding fields it is told to", () => {
    const submission = parseWithSchema(form({ ...validContact, name: "J" }), { schema: ContactSchema });
    const reply = submission.reply({ hideFields: ["message"] });
    expect(reply.status).toBe("error");
    expect(reply.error).toEqual({ name: [contactMessages.nameTooShort] });
    expect(reply.initialValue).toMatchObject({ name: "J", email: "jo@example.com" });
    expect(reply.initialValue?.message).toBeUndefined();
  });

  it("names nested fields as Conform does and puts form-level issues under ''", () => {
    const schema = z
      .object({ links: z.array(z.object({ url: z.url({ error: "Bad URL" }) })) })
      .check(z.refine(() => false, { error: "Whole form" }));
    const submission = parseWithSchema(form({ "links[0].url": "nope" }), { schema });
    expect(submission.status === "error" && submission.error).toEqual({
      "links[0].url": ["Bad URL"],
      "": ["Whole form"],
    });
    const formLevel = parseWithSchema(form({ "links[0].url": "https://example.com" }), { schema });
    expect(formLevel.status === "error" && formLevel.error).toEqual({ "": ["Whole form"] });
  });

  it("strips what the schema does not name (hidden fields, a price a client adds)", () => {
    const submission = parseWithSchema(
      form({
        registrationType: "individual",
        firstName: "Jo",
        lastName: "Doe",
        email: "jo@example.com",
        phone: "208 555 0100",
        amount: "1",
      }),
      { schema: IndividualRegistrationSchema },
    );
    expect(submission.status === "success" && submission.value).not.toHaveProperty("amount");
  });
});

describe("requiredFields", () => {
  it("marks a field required unless its schema accepts a missing value, and sets nothing else", () => {
    expect(requiredFields(ContactSchema)).toEqual({
      name: { required: true },
      email: { required: true },
      subject: { required: false },
      message: { required: true },
    });
    const sponsor = requiredFields(SponsorshipSchema);
    expect(sponsor.sponsorshipTier).toEqual({ required: false });
    expect(sponsor.companyUrl).toEqual({ required: true });
  });
});
