/**
 * Where organizers meet a team or an organization on the desk, its name links
 * to its desk page (issue 51): appeals, showcase moderation, assignments and
 * the report name teams; the overview and the registrations name
 * organizations. A role that may not open the target page (app/desk/pages.ts)
 * gets the name without a link, and every link shown opens for its viewer.
 */
import { describe, expect, it } from "vitest";
import { createAppeal, createRegistration } from "./factories";
import { decodeEntities } from "./html";
import { bareUser, submittedProject } from "./judging-helpers";
import { deskGet, organizer } from "./organize-helpers";

const page = async (path: string, who: { cookie: string }) => {
  const response = await deskGet(path, who);
  expect(response.status, path).toBe(200);
  return decodeEntities(await response.text());
};

const linksTo = (html: string, href: string) => html.includes(`href="${href}"`);

describe("links to a team's and an organization's desk page", { timeout: 90_000 }, () => {
  it("name a team on the judging and showcase pages, for a role that may open the team's page only", async () => {
    const member = await bareUser("linked");
    const teamId = await submittedProject("2026", { name: "Linked Team", members: [member] });
    await createAppeal({ editionId: "2026", teamId, submittedBy: member.id, body: "Please look again." });
    const teamPage = `/organize/teams/${teamId}`;
    const director = await organizer("director");
    const coordinator = await organizer("coordinator");
    const viewer = await organizer("viewer");

    for (const path of ["/organize/appeals", "/organize/showcase", "/organize/assignments", "/organize/report"]) {
      const html = await page(path, director);
      expect(html, path).toContain("Linked Team");
      expect(linksTo(html, teamPage), path).toBe(true);
      // A coordinator reads these pages but not people's: the name, without a link.
      const plain = await page(path, coordinator);
      expect(plain, path).toContain("Linked Team");
      expect(linksTo(plain, teamPage), path).toBe(false);
    }
    const viewers = await page("/organize/report", viewer);
    expect(viewers).toContain("Linked Team");
    expect(linksTo(viewers, teamPage)).toBe(false);
    // The link opens for whoever is shown it, and for no one else.
    expect((await deskGet(teamPage, director)).status).toBe(200);
    expect((await deskGet(teamPage, coordinator)).status).toBe(404);
  });

  it("name a Workforce organization on the overview and the registrations, for a role that may open it", async () => {
    const owner = await bareUser("owner");
    const employee = await bareUser("employee");
    const organizationId = `reg_links_${crypto.randomUUID().slice(0, 8)}`;
    await createRegistration({
      id: organizationId,
      editionId: "2026",
      userId: owner.id,
      registrationType: "workforce",
      status: "paid",
      companyName: "Linked Potatoes",
    });
    await createRegistration({
      editionId: "2026",
      userId: employee.id,
      status: "enrolled",
      companyName: "Linked Potatoes",
      organizationRegistrationId: organizationId,
    });
    const organizationPage = `/organize/organizations/${organizationId}`;
    const registrar = await organizer("registrar");

    const overview = await page("/organize", registrar);
    expect(overview).toContain("Linked Potatoes");
    expect(linksTo(overview, organizationPage)).toBe(true);
    // The package's own registration and the employee's (enrolled with its code) both name it, and link there.
    const registrations = await page("/organize/registrations?plan=workforce", registrar);
    expect(linksTo(registrations, organizationPage)).toBe(true);
    const employees = await page("/organize/registrations?status=enrolled", registrar);
    expect(linksTo(employees, organizationPage)).toBe(true);
    expect((await deskGet(organizationPage, registrar)).status).toBe(200);
  });
});
