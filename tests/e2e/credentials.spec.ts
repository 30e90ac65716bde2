import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { toast, uniqueEmail, verifyEmailFromMailbox } from "./auth-helpers";
import { throwAwayDidKey, signWith } from "./forge";
import { seedOrganizer } from "./organizer";
import { afterFinalsNow, baseURL, port } from "./servers";

/**
 * Credentials end to end (issues 26, 31), on the site after the 2026 finals
 * (every request says the day with X-App-Now): the organizers import a
 * participant's three certifications through the organizer API (a
 * registrar's token), which refuses the account until its e-mail is verified; the
 * participant sees them on /account, makes one private, opens a public page
 * issued by the Challenge, downloads the JSON and checks it (and a tampered
 * copy) on /verify; a credential forged with a throw-away did:key is shown as
 * not issued by the Challenge. These pages never hydrate: they are the same
 * with JavaScript on or off, so their plain forms are proven once, without it
 * (@no-script).
 */
test.use({ extraHTTPHeaders: { "x-app-now": afterFinalsNow } });

/** A registrar's token on the server's own database: the import is the organizer API's (issue 33). */
let registrarToken = "";
test.beforeAll(() => {
  registrarToken = seedOrganizer(`.wrangler/e2e-state-${port}`, "registrar").token;
});

/** The training provider's file for one participant, imported through the organizer API (the site's own day). */
async function importCompletions(page: Page, email: string, expected: { message: string; refused?: string }) {
  const csv = [
    "email,certification,completion date",
    `${email},AI Communicator,2026-01-20`,
    `${email},AI Creator,2026-02-03`,
    `${email},AI Builder,2026-02-17`,
  ].join("\n");
  const headers = { authorization: `Bearer ${registrarToken}` };
  const preview = await page.request.post("/api/organize/queries/credentials.import-preview", {
    headers,
    data: { csv },
  });
  const { fingerprint } = ((await preview.json()) as { result: { fingerprint: string } }).result;
  const response = await page.request.post("/api/organize/actions/credentials.import", {
    headers,
    data: { csv, expected: fingerprint },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { message: string; result: { problems: { kindLabel: string }[] } };
  expect(body.message).toContain(expected.message);
  if (expected.refused) expect(body.result.problems.map((p) => p.kindLabel)).toContain(expected.refused);
}

async function participantWithCertifications(page: Page, testInfo: TestInfo) {
  const email = uniqueEmail("badges");
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: "a good passphrase", name: "Robin Badger" },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
  // Whoever signed up with the address receives nothing until the mailbox is proven (issue 31).
  await importCompletions(page, email, {
    message: "0 new certification credential(s) issued",
    refused: "Account not verified (refused)",
  });
  await verifyEmailFromMailbox(page, testInfo, email);
  await importCompletions(page, email, { message: "3 new certification credential(s) issued" });
  return email;
}

/** These pages never hydrate (no handle.hydrate): the same plain HTML with JavaScript on or off. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("domcontentloaded");
}

async function submit(page: Page, button: ReturnType<Page["getByRole"]>) {
  await Promise.all([page.waitForNavigation(), button.click()]);
  await page.waitForLoadState("domcontentloaded");
}

const VALID = "Issued by the Idaho AI Challenge and valid.";
const ALTERED = "Altered, or not a credential.";
const NOT_OURS = "Not issued by the Idaho AI Challenge: signed by a key this site does not know.";

async function verifyPasted(page: Page, json: string) {
  await visit(page, "/verify");
  await page.getByLabel("Credential JSON").fill(json);
  await submit(page, page.getByRole("button", { name: "Verify" }));
}

test("a participant's credentials on /account, a public page issued by the Challenge, and /verify @no-script", async ({
  page,
}, testInfo) => {
  await participantWithCertifications(page, testInfo);

  await visit(page, "/account");
  const list = page.getByRole("list", { name: "Your credentials" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  for (const name of ["AI Communicator", "AI Creator", "AI Builder"]) {
    await expect(list.getByRole("link", { name, exact: true })).toBeVisible();
  }
  const builder = list.getByRole("listitem").filter({ hasText: "AI Builder" });
  await expect(builder.getByRole("link", { name: /Add to LinkedIn profile/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&name=AI\+Builder/,
  );
  const pagePath = await builder.getByRole("link", { name: "Share (public page)" }).getAttribute("href");
  expect(pagePath).toMatch(/^\/credentials\/[0-9a-f]{32}$/);

  // The public page, as anyone sees it.
  await visit(page, pagePath!);
  await expect(page.getByRole("heading", { level: 1, name: "AI Builder" })).toBeVisible();
  await expect(page.getByTestId("verification-summary")).toHaveText(VALID);
  const json = await (await page.request.get(`${pagePath}/credential.json`)).text();
  const credential = JSON.parse(json) as { type: string[]; image: { id: string } };
  expect(credential.type).toContain("OpenBadgeCredential");
  // The wallet's image: a PNG rendered from the badge's SVG at build time.
  const image = await page.request.get(new URL(credential.image.id).pathname);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");

  // /verify: the genuine file is issued by the Challenge; one changed letter is not a credential.
  await verifyPasted(page, json);
  await expect(page.getByTestId("verification-summary")).toHaveText(VALID);
  await expect(page.getByTestId("verification-claims")).toContainText("AI Builder");
  await verifyPasted(page, json.replace('"name": "AI Builder"', '"name": "AI Bvilder"'));
  await expect(page.getByTestId("verification-summary")).toHaveText(ALTERED);

  // The page loads no script at all: what works with JavaScript off is all there is.
  expect(await page.locator("script[src]").count()).toBe(0);
});

test("the holder makes a credential private: others get a 404, the holder still sees it @no-script", async ({
  page,
  browser,
}, testInfo) => {
  await participantWithCertifications(page, testInfo);
  await visit(page, "/account");
  const communicator = page.getByRole("listitem").filter({ hasText: "AI Communicator" });
  const pagePath = await communicator.getByRole("link", { name: "Share (public page)" }).getAttribute("href");
  await submit(page, communicator.getByRole("button", { name: /Make private/ }));
  await expect(toast(page, "Credential Private")).toBeVisible();
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: "AI Communicator" })
      .getByRole("button", { name: /Make public/ }),
  ).toBeVisible();

  const stranger = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-app-now": afterFinalsNow } });
  try {
    const response = await stranger.request.get(pagePath!);
    expect(response.status()).toBe(404);
  } finally {
    await stranger.close();
  }
  await visit(page, pagePath!);
  await expect(page.getByText("Only you can see this page")).toBeVisible();
});

test("a credential forged with a throw-away did:key is not issued by the Challenge; our genuine one is @no-script", async ({
  page,
}, testInfo) => {
  await participantWithCertifications(page, testInfo);
  await visit(page, "/account");
  const creator = page.getByRole("listitem").filter({ hasText: "AI Creator" });
  const pagePath = await creator.getByRole("link", { name: "Share (public page)" }).getAttribute("href");
  const genuine = await (await page.request.get(`${pagePath}/credential.json`)).text();

  // Someone re-signs it with a key of their own, claiming the organizer's name and Grand Champion,
  // still pointing at our status list.
  const { did, keyPair } = await throwAwayDidKey(99);
  const { proof: _proof, ...unsigned } = JSON.parse(genuine) as Record<string, unknown> & {
    issuer: { name: string };
    credentialSubject: { achievement: Record<string, unknown> };
  };
  const forged = await signWith(
    {
      ...unsigned,
      name: "Grand Champion",
      issuer: { id: did, type: ["Profile"], name: unsigned.issuer.name },
      credentialSubject: {
        ...unsigned.credentialSubject,
        name: "Mallory Forger",
        achievement: { ...unsigned.credentialSubject.achievement, name: "Grand Champion" },
      },
    },
    keyPair,
    "2026-11-01T00:00:00Z",
  );

  await verifyPasted(page, JSON.stringify(forged));
  await expect(page.getByTestId("verification-summary")).toHaveText(NOT_OURS);
  await expect(page.getByTestId("verification-mark")).toHaveText("✗");
  const claims = page.getByTestId("verification-claims");
  await expect(claims).toContainText("Grand Champion");
  await expect(claims).toContainText("Mallory Forger");
  await expect(claims).toContainText(unsigned.issuer.name);
  await expect(claims).toContainText(did);

  await verifyPasted(page, genuine);
  await expect(page.getByTestId("verification-summary")).toHaveText(VALID);
  await expect(page.getByTestId("verification-mark")).toHaveText("✓");
  await expect(page.getByTestId("verification-claims")).toContainText("AI Creator");
});
