import { describe, expect, it } from "vitest";
import { contactMessages as m } from "~/content/contact";
import { ContactSchema } from "~/contact/schema";

const valid = { name: "Jo", email: "jo@example.com", subject: "Hi", message: "Ten chars!" };

function messagesFor(input: Record<string, unknown>): string[] {
  const result = ContactSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe("ContactSchema (browser and server)", () => {
  it("accepts the minimal valid message and stores an empty subject as absent", () => {
    expect(ContactSchema.parse(valid)).toEqual(valid);
    expect(ContactSchema.parse({ ...valid, subject: "   " }).subject).toBeUndefined();
    expect(ContactSchema.parse({ ...valid, subject: undefined }).subject).toBeUndefined();
  });

  it.each([
    [{ name: undefined }, [m.nameTooShort]],
    [{ name: "J" }, [m.nameTooShort]],
    [{ name: " J " }, [m.nameTooShort]],
    [{ name: "n".repeat(100) }, []],
    [{ name: "n".repeat(101) }, [m.nameTooLong]],
    [{ email: undefined }, [m.emailInvalid]],
    [{ email: "jo@" }, [m.emailInvalid]],
    [{ email: `${"e".repeat(243)}@example.com` }, []],
    [{ email: `${"e".repeat(244)}@example.com` }, [m.emailTooLong]],
    [{ subject: "s".repeat(200) }, []],
    [{ subject: "s".repeat(201) }, [m.subjectTooLong]],
    [{ message: undefined }, [m.messageTooShort]],
    [{ message: "m".repeat(9) }, [m.messageTooShort]],
    [{ message: "m".repeat(2000) }, []],
    [{ message: "m".repeat(2001) }, [m.messageTooLong]],
  ])("%j → %j", (change, expected) => {
    expect(messagesFor({ ...valid, ...change })).toEqual(expected);
  });

  it("uses SPEC.md §8's wording verbatim", () => {
    expect(Object.values(m)).toEqual([
      "Name must be at least 2 characters",
      "Name must be less than 100 characters",
      "Please enter a valid email address",
      "Email must be less than 255 characters",
      "Subject must be less than 200 characters",
      "Message must be at least 10 characters",
      "Message must be less than 2000 characters",
    ]);
  });
});
