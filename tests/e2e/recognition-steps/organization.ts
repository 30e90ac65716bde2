import { insertOnce } from "../../../scripts/local-d1.mjs";
import { expect } from "../fixtures";
import { localBound } from "../local-d1";
import { fillPerson } from "../people";
import { personContext, verifiedSignUp, type Person, type RecognitionStory } from "./story";

/**
 * The organization's way to its first recognition (issue 54's story): its
 * owner buys a Workforce Package through the register form and the stand-in
 * checkout, its employees enroll with its company code, and the dashboard
 * counts them. Without JavaScript: the dashboard never hydrates (ADR 013)
 * and the register form is a plain POST whose checkout opens in the same tab.
 */

export interface WorkforceOrganization extends Person {
  /** The owner's address. */
  email: string;
  /** The company's name, which the dashboard's heading and the credential carry. */
  name: string;
  /** The dashboard's id: /organization/<id>. */
  organizationId: string;
  /** The company code its employees enroll with. */
  code: string;
}

/** The owner buys a Workforce Package and opens its dashboard: 0 employees enrolled. */
export async function workforceOrganizationPays(story: RecognitionStory): Promise<WorkforceOrganization> {
  const name = "Boise Foothills Regional Medical Group";
  const owner = await personContext(story);
  const email = await verifiedSignUp(story, owner, "workforce-owner");
  const { page } = owner;
  await page.goto("/register?tab=workforce");
  await fillPerson(page, email, "Dana", "Okafor");
  await page.getByLabel("Company name").fill(name);
  await page.getByLabel("Job title").fill("Chief People Officer");
  await page.getByLabel("Employer website").fill("boisefoothillsmedical.example.com");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/dev\/checkout\/cs_local_[0-9a-f]{48}$/);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();

  // One organization: /organization opens its dashboard.
  await page.goto("/organization");
  await expect(page).toHaveURL(/\/organization\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const organizationId = page.url().split("/").at(-1)!;
  const code = await page.getByTestId("company-code").inputValue();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.getByTestId("participant-count")).toHaveText("0 employees are enrolled today.");
  return { ...owner, email, name, organizationId, code };
}

/**
 * `count` employees enrolled with the organization's code, written straight
 * to the story's database as redeeming the code writes them (an account, a
 * registration 'enrolled' with the code and the organization's id): the
 * form's path is the last employee's, and filling it two dozen times would
 * only repeat it. Nothing is issued for these rows; the next enrollment
 * through the form reconciles the tier with the count they make.
 */
export function employeesEnrolledWithCode(story: RecognitionStory, organization: WorkforceOrganization, count: number) {
  const editionId = String(
    story.sql(`SELECT edition_id FROM registrations WHERE id = '${organization.organizationId}'`)[0]?.edition_id,
  );
  const at = Date.parse(story.now);
  localBound(
    story.stateDir,
    Array.from({ length: count }, (_, i) => {
      const n = String(i + 1).padStart(2, "0");
      const userId = `story-${organization.organizationId}-employee-${n}`;
      const email = `employee${n}.${organization.organizationId.slice(0, 8)}@boisefoothillsmedical.example.com`;
      const enrolledAt = new Date(at - (count - i) * 3_600_000).toISOString();
      return [
        insertOnce('"user"', {
          id: userId,
          name: `Employee ${n}`,
          email,
          email_verified: 1,
          created_at: Date.parse(enrolledAt),
          updated_at: Date.parse(enrolledAt),
        }),
        insertOnce("registrations", {
          id: `${userId}-enrollment`,
          edition_id: editionId,
          user_id: userId,
          registration_type: "individual",
          plan: "individual",
          pricing_phase: "regular",
          amount_cents: 0,
          status: "enrolled",
          first_name: "Employee",
          last_name: n,
          email,
          phone: "208-555-0151",
          company_name: organization.name,
          employer_code: organization.code,
          organization_registration_id: organization.organizationId,
          created_at: enrolledAt,
          updated_at: enrolledAt,
          paid_at: enrolledAt,
        }),
      ];
    }).flat(),
  );
}

/** One more employee signs up and enrolls with the code through the register form; the dashboard counts `expected`. */
export async function employeeEnrollsWithCode(
  story: RecognitionStory,
  organization: WorkforceOrganization,
  expected: number,
): Promise<void> {
  const employee = await personContext(story);
  const email = await verifiedSignUp(story, employee, "workforce-employee");
  const { page } = employee;
  await page.goto(`/register?tab=individual&code=${organization.code}`);
  await expect(page.getByLabel("Company code")).toHaveValue(organization.code);
  await fillPerson(page, email, "Rosalind", "Achterberg");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/registration-success\?registration_id=/);
  await expect(page.getByRole("heading", { name: "You're Enrolled!" })).toBeVisible();
  await employee.context.close();

  await organization.page.goto(`/organization/${organization.organizationId}`);
  await expect(organization.page.getByTestId("participant-count")).toHaveText(
    `${expected} employees are enrolled today.`,
  );
  await expect(
    organization.page.getByTestId("employees").getByRole("row", { name: /Rosalind Achterberg/ }),
  ).toBeVisible();
}
