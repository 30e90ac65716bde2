import { expect, type Page } from "@playwright/test";

/**
 * The organization's tier credential in the browser (issue 54, ADR 028), for
 * the recognition story (composed by the lead). `page` is signed in as the
 * owner of an organization that has reached AI Champion (25 employees
 * enrolled with its code). Opens the dashboard, finds the credential's link
 * and the HTML snippet, checks that the snippet's badge loads (with its
 * year-long cache header) and that its link is the credential's page, then
 * opens that page and verifies the credential's JSON on /verify through the
 * form, as a visitor would. Works with JavaScript and without: every page on
 * the way is server-rendered and every form is a plain POST.
 */
export async function verifyOrganizationTierCredential(
  page: Page,
  { organizationId, organizationName }: { organizationId: string; organizationName: string },
) {
  await page.goto(`/organization/${organizationId}`);
  await page.waitForLoadState("domcontentloaded");
  const section = page.locator("#tier-credential");
  await expect(section.getByTestId("tier-badge")).toHaveAttribute(
    "alt",
    `${organizationName} — AI Champion, Idaho AI Challenge 2026`,
  );
  const link = section.getByTestId("tier-credential-link");
  await expect(link).toHaveText("View the AI Champion credential");
  const credentialPath = await link.getAttribute("href");
  expect(credentialPath).toMatch(/^\/credentials\/[0-9a-f]{32}$/);

  // The snippet: parsed by the browser's own HTML parser, one link around one badge of fixed size.
  const snippet = await section.getByTestId("tier-snippet").inputValue();
  const parts = await page.evaluate((html) => {
    const template = document.createElement("template");
    template.innerHTML = html;
    const anchor = template.content.querySelector("a");
    const image = anchor?.querySelector("img");
    return {
      elements: template.content.children.length,
      href: anchor?.getAttribute("href") ?? null,
      src: image?.getAttribute("src") ?? null,
      alt: image?.getAttribute("alt") ?? null,
      width: image?.getAttribute("width") ?? null,
      height: image?.getAttribute("height") ?? null,
    };
  }, snippet);
  expect(parts).toMatchObject({
    elements: 1,
    alt: `${organizationName} — AI Champion, Idaho AI Challenge 2026`,
    width: "160",
    height: "160",
  });
  expect(new URL(parts.href!).pathname).toBe(credentialPath);
  const badge = await page.request.get(new URL(parts.src!).pathname);
  expect(badge.status()).toBe(200);
  expect(badge.headers()["content-type"]).toContain("image/svg+xml");
  expect(badge.headers()["cache-control"]).toContain("max-age=31536000");
  // The badge on the dashboard itself has loaded (a broken image has no natural width).
  await expect
    .poll(() => section.getByTestId("tier-badge").evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  // The credential's page, as anyone sees it.
  await page.goto(credentialPath!);
  await page.waitForLoadState("domcontentloaded");
  await expect(page.getByRole("heading", { level: 1, name: "AI Champion" })).toBeVisible();
  await expect(page.getByText(`Earned by ${organizationName}`)).toBeVisible();
  await expect(page.getByTestId("verification-summary")).toHaveText("Issued by the Idaho AI Challenge and valid.");
  const json = await (await page.request.get(`${credentialPath}/credential.json`)).text();

  // /verify, through its form.
  await page.goto("/verify");
  await page.waitForLoadState("domcontentloaded");
  await page.getByLabel("Credential JSON").fill(json);
  await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Verify" }).click()]);
  await page.waitForLoadState("domcontentloaded");
  await expect(page.getByTestId("verification-summary")).toHaveText("Issued by the Idaho AI Challenge and valid.");
  await expect(page.getByTestId("verification-claims")).toContainText("AI Champion");
  await expect(page.getByTestId("verification-claims")).toContainText(organizationName);
  return { credentialPath: credentialPath!, snippet };
}
