import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueEmail, uniqueIp } from "./auth-helpers";
import { localSql } from "./local-d1";
import { organizerAccount } from "./organizer";
import { signUpThroughApi } from "./people";
import { baseURL, port } from "./servers";

/**
 * Issue 53's story, on the main server's stand-in (no Stripe): a county
 * agency's buyer asks for a quote for the Workforce Package, prints it,
 * requests an invoice with its purchase order; the invoice shows the PO and
 * is due in 30 days; the desk lists it open; 20 days later the bank transfer
 * arrives (paid twice over: once is fulfilled) and the organization's code
 * enrols an employee. A Gold sponsor's invoice goes overdue, shown on the
 * desk and its account, and the registrar records a cheque; the audit log
 * names each organizer step. It opens its own contexts, so it runs in the
 * "chromium" project only (@both-modes); the forms' no-JavaScript posts are
 * proved in tests/integration/invoices.test.ts.
 */

const stateDir = `.wrangler/e2e-state-${port}`;
const sql = (command: string) => localSql(stateDir, command);
const PO = "PO-2026-0413";
const DAY_20 = "2025-12-21T12:00:00-07:00";
const AFTER_DUE = "2026-01-05T12:00:00-07:00";

async function personContext(browser: Browser, now?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": uniqueIp(), ...(now ? { "x-app-now": now } : {}) });
  return { context, page: await context.newPage() };
}

async function verifiedBuyer(page: Page, testInfo: TestInfo, tag: string) {
  const email = uniqueEmail(tag);
  await signUpThroughApi(page, testInfo, email);
  sql(`UPDATE "user" SET email_verified = 1 WHERE email = '${email}'`);
  return email;
}

async function requestInvoice(page: Page, fields: { legalName: string; po?: string }) {
  await page.getByLabel("Your first name").fill("Dana");
  await page.getByLabel("Your last name").fill("Ruiz");
  await page.getByLabel("Your job title").fill("Procurement Officer");
  await page.getByLabel("Phone", { exact: true }).fill("208-555-0150");
  await page.getByLabel("Billing contact name").fill("Accounts Payable");
  await page.getByLabel("Billing contact e-mail").fill(uniqueEmail("ap"));
  await page.getByLabel("Organization's legal name").fill(fields.legalName);
  await page.getByLabel("Organization website").fill("https://county.example.gov");
  await page.getByLabel("Street address").fill("200 W Front St");
  await page.getByLabel("City").fill("Boise");
  await page.getByLabel("State").fill("ID");
  await page.getByLabel("ZIP code").fill("83702");
  if (fields.po) await page.getByLabel("Purchase order number (optional)").fill(fields.po);
  await page.getByLabel("Our organization is tax-exempt").check();
  await page.getByRole("button", { name: "Request the invoice" }).click();
  await expect(page).toHaveURL(/\/account\/invoices\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

test("an agency pays by invoice with its PO, and a sponsor's overdue invoice is settled by cheque @both-modes", async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);

  // The county's buyer: a quote, printed, then the invoice request in one step.
  const county = await personContext(browser);
  await verifiedBuyer(county.page, testInfo, "county");
  await county.page.goto("/register?tab=workforce");
  await county.page.getByRole("link", { name: "Get a printable quote" }).click();
  await expect(county.page.getByTestId("quote-amount")).toHaveText("$5,000");
  await expect(county.page.getByTestId("quote-validity")).toContainText("January 8, 2026");
  await county.page.emulateMedia({ media: "print" });
  await expect(county.page.getByRole("button", { name: "Request an invoice for this quote" })).toBeHidden();
  await expect(county.page.getByTestId("quote")).toBeVisible();
  await county.page.emulateMedia({ media: "screen" });
  await county.page.getByRole("button", { name: "Request an invoice for this quote" }).click();
  const countyInvoice = await requestInvoice(county.page, { legalName: "Ada County", po: PO });
  await expect(county.page.getByTestId("invoice-po")).toHaveText(PO);
  await expect(county.page.getByTestId("invoice-due")).toHaveText("December 31, 2025");
  await county.page.getByTestId("invoice-pay-link").click();
  await expect(county.page.getByTestId("dev-invoice-po")).toHaveText(PO);
  await expect(county.page.getByTestId("dev-invoice-due")).toHaveText("December 31, 2025");
  const standIn = county.page.url();

  // The registrar's desk lists it open.
  const desk = await personContext(browser);
  await organizerAccount(desk.context.request, { stateDir, baseURL, role: "registrar" });
  await desk.page.goto("/organize/invoices");
  const open = desk.page.getByTestId("invoice-row").filter({ hasText: PO });
  await expect(open).toHaveAttribute("data-status", "open");

  // 20 days later the transfer arrives, and is reported twice: one company code, one confirmation.
  const bank = await personContext(browser, DAY_20);
  await bank.page.goto(standIn);
  await bank.page.getByRole("button", { name: "Pay the invoice" }).click();
  await expect(bank.page.getByTestId("dev-invoice-status")).toHaveText("paid");
  const again = await bank.page.request.post(standIn, {
    form: { intent: "pay" },
    headers: { origin: baseURL, "sec-fetch-site": "same-origin" },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(303);
  const [registration] = sql(`SELECT record_id FROM invoices WHERE id = '${countyInvoice}'`);
  const codes = sql(
    `SELECT code FROM company_codes WHERE registration_id = '${String(registration?.record_id)}' AND revoked_at IS NULL`,
  );
  expect(codes).toHaveLength(1);
  expect(
    sql(
      `SELECT count(*) AS n FROM notifications WHERE id = 'registration-confirmation:${String(registration?.record_id)}'`,
    )[0]?.n,
  ).toBe(1);

  // The organization's code enrols an employee.
  const employee = await personContext(browser, DAY_20);
  const employeeEmail = await verifiedBuyer(employee.page, testInfo, "employee");
  const enrolled = await employee.page.request.post("/register", {
    headers: { origin: baseURL, "sec-fetch-site": "same-origin" },
    form: {
      registrationType: "individual",
      firstName: "Riley",
      lastName: "Stone",
      email: employeeEmail,
      phone: "208-555-0177",
      companyName: "",
      employerCode: String(codes[0]?.code),
    },
    maxRedirects: 0,
  });
  expect(enrolled.status()).toBe(303);
  expect(enrolled.headers()["location"]).toMatch(/^\/registration-success\?registration_id=/);

  // A Gold sponsor asks for an invoice from the sponsorship page, and lets it go overdue.
  const sponsor = await personContext(browser);
  await verifiedBuyer(sponsor.page, testInfo, "sponsor");
  await sponsor.page.goto("/sponsor-register?tier=gold");
  await sponsor.page.getByRole("link", { name: "request an invoice" }).click();
  const goldInvoice = await requestInvoice(sponsor.page, { legalName: "Gem State Tech LLC" });
  await sponsor.page.setExtraHTTPHeaders({ "x-app-now": AFTER_DUE });
  await sponsor.page.goto("/account");
  await expect(sponsor.page.getByTestId("invoice-overdue")).toBeVisible();

  // On the desk, that day (a desk session ends after a working day without activity): overdue, then the cheque.
  const later = await personContext(browser, AFTER_DUE);
  const registrar = await organizerAccount(later.context.request, { stateDir, baseURL, role: "registrar" });
  await later.page.goto("/organize/invoices?status=overdue");
  const overdue = later.page.getByTestId("invoice-row").filter({ hasText: "Gem State Tech LLC" });
  await expect(overdue).toHaveAttribute("data-status", "overdue");
  await overdue.getByLabel("Received on").fill("2026-01-04");
  await overdue.getByLabel("Cheque or transfer reference").fill("Cheque 1042");
  await overdue.getByRole("button", { name: /^Paid outside Stripe/ }).click();
  await expect(later.page.getByTestId("invoice-row").filter({ hasText: "Gem State Tech LLC" })).toHaveAttribute(
    "data-status",
    "paid",
  );
  expect(sql(`SELECT status, paid_outside_reference FROM invoices WHERE id = '${goldInvoice}'`)[0]).toMatchObject({
    status: "paid",
    paid_outside_reference: "Cheque 1042",
  });

  // The audit log names the organizer's step.
  const audit = sql(`SELECT actor_label, action FROM events WHERE action LIKE 'invoices.%' ORDER BY id DESC LIMIT 1`);
  expect(audit[0]).toMatchObject({ actor_label: registrar.email, action: "invoices.paid-outside" });

  for (const person of [county, desk, bank, employee, sponsor, later]) await person.context.close();
});
