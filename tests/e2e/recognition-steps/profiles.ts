import { crc32, deflateSync } from "node:zlib";
import { expect, type Page } from "@playwright/test";
import { advisoryGroupName, profilePageText } from "../../../app/content/profiles";
import { mailboxLink, toast } from "../auth-helpers";

/**
 * Judges' and advisors' profiles (issue 54), through the pages only: steps
 * of the recognition story (the "done when"), each taking a page
 * signed in as the person who acts: a desk coordinator (a session past the
 * second factor), a judge or an advisor (verified, two-step sign-in on, as
 * an invitation asks). The invitation's link is read from /dev/mailbox, as
 * the person reads their e-mail. With JavaScript or without: every form is a
 * plain POST (the profile's, multipart).
 */

/** Signed-in pages never hydrate (ADR 013): loaded is ready. */
async function go(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("domcontentloaded");
}

/** A real PNG of one colour (a photo's stand-in), `width` × `height` pixels. */
export function photoPng(width = 240, height = 300, rgb: [number, number, number] = [40, 90, 160]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: width }, () => Buffer.from(rgb)))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface ProfileInput {
  name: string;
  title: string;
  organization: string;
  bio: string;
  /** A PNG to upload as the photo (photoPng()), or none. */
  photo?: Buffer;
}

/** Ticks the consent box and fills the profile's fields of the form on the page. */
async function fillProfile(page: Page, profile: ProfileInput) {
  await page.getByLabel(/^Show my profile on \/judges-advisors/).check();
  await page.getByLabel("Name", { exact: true }).fill(profile.name);
  await page.getByLabel("Title").fill(profile.title);
  await page.getByLabel("Organization").fill(profile.organization);
  await page.getByLabel("Short bio").fill(profile.bio);
  if (profile.photo) {
    await page.getByLabel(/^Photo/).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: profile.photo });
  }
}

/** The coordinator invites a judge by address on /organize/judges' invitations tab ("Invite a judge or advisor"). */
export async function inviteJudgeOnDesk(desk: Page, { email, name }: { email: string; name: string }) {
  await go(desk, "/organize/judges?view=invitations");
  const invite = desk.getByRole("region", { name: "Invite a judge or advisor" });
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel(/^Name/).fill(name);
  await invite.getByLabel("Invite as").selectOption("judge");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toast(desk, "Invitation sent")).toBeVisible();
}

/**
 * "A judge opts in to a profile while accepting": the judge opens the
 * invitation from their e-mail, fills the profile in the acceptance form and
 * accepts; /account/profile then says it waits for publication.
 */
export async function judgeAcceptsWithProfile(
  judge: Page,
  { email, profile }: { email: string; profile: ProfileInput },
) {
  const link = await mailboxLink(judge, email, /invited to judge/, /\/judging\/invitation\?token=/);
  await go(judge, link);
  await fillProfile(judge, profile);
  await judge.getByRole("button", { name: "Accept and become a judge" }).click();
  await expect(judge).toHaveURL(/\/judging$/);
  await expect(toast(judge, "Welcome, judge")).toBeVisible();
  await go(judge, "/account/profile");
  await expect(judge.getByTestId("profile-status")).toContainText("once the organizers publish");
}

/**
 * "An advisor is invited from an interest": on /organize/judges' offers to
 * advise, beside the person's offer, the coordinator chooses the advisory
 * group and invites them.
 */
export async function inviteAdvisorFromInterest(
  desk: Page,
  {
    interestName,
    groupId,
  }: { interestName: string; groupId: "industry-experts" | "academic-leaders" | "business-leaders" },
) {
  await go(desk, "/organize/judges?view=advisor-interests");
  const row = desk.getByRole("region", { name: "Offers to advise" }).locator("tr", { hasText: interestName });
  await row.getByLabel("Advisory group").selectOption(groupId);
  await row.getByRole("button", { name: /^Invite (again )?as advisor/ }).click();
  await expect(toast(desk, "Invitation sent")).toBeVisible();
  await expect(
    desk.getByRole("region", { name: "Offers to advise" }).locator("tr", { hasText: interestName }),
  ).toContainText("Invited");
}

/** The advisor opens the invitation from their e-mail, gives a profile and accepts: their profile page follows. */
export async function advisorAcceptsWithProfile(
  advisor: Page,
  { email, profile, groupId }: { email: string; profile: ProfileInput; groupId: string },
) {
  const link = await mailboxLink(advisor, email, /invited to advise/, /\/judging\/invitation\?token=/);
  await go(advisor, link);
  await expect(advisor.getByText(advisoryGroupName(groupId)).first()).toBeVisible();
  await fillProfile(advisor, profile);
  await advisor.getByRole("button", { name: "Accept and become an advisor" }).click();
  await expect(advisor).toHaveURL(/\/account\/profile$/);
  await expect(toast(advisor, "Welcome, advisor")).toBeVisible();
  await expect(advisor.getByTestId("profile-status")).toContainText("once the organizers publish");
}

/** "The coordinator publishes both": Publish profiles on /organize/judges' profiles tab; each is listed as published. */
export async function publishProfilesOnDesk(desk: Page, { names }: { names: string[] }) {
  await go(desk, "/organize/judges?view=profiles");
  const section = desk.getByRole("region", { name: "Public profiles" });
  for (const name of names) await expect(section.locator("tr", { hasText: name })).toBeVisible();
  await section.getByRole("button", { name: "Publish profiles" }).click();
  await expect(toast(desk, "Profiles published")).toBeVisible();
  const published = desk.getByRole("region", { name: "Public profiles" });
  for (const name of names) await expect(published.locator("tr", { hasText: name })).toContainText("Published");
}

/**
 * "/judges-advisors shows them": the judges under "Judges", each advisor
 * under their group, a photo (when given) with the person's name as its alt
 * text and its own width and height; "coming soon" is gone.
 */
export async function seeProfilesOnPage(
  page: Page,
  { judges, advisors }: { judges: string[]; advisors: { name: string; groupId: string }[] },
) {
  await go(page, "/judges-advisors");
  await expect(page.getByText(profilePageText.comingSoonTitle)).toHaveCount(0);
  const judgesList = page.getByRole("region", { name: profilePageText.judgesTitle, exact: true });
  for (const name of judges) await expect(judgesList.getByTestId("profile").filter({ hasText: name })).toBeVisible();
  for (const { name, groupId } of advisors) {
    const group = page.getByRole("region", { name: advisoryGroupName(groupId), exact: true });
    await expect(group.getByTestId("profile").filter({ hasText: name })).toBeVisible();
  }
  for (const img of await page.locator('[data-testid="profile"] img').all()) {
    expect(await img.getAttribute("alt")).toBeTruthy();
    expect(Number(await img.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(await img.getAttribute("height"))).toBeGreaterThan(0);
  }
}

/**
 * "The advisor withdraws consent and the profile is gone on the next
 * request": Withdraw consent on /account/profile (linked from /account),
 * then /judges-advisors no longer names them.
 */
export async function withdrawConsent(advisor: Page, { name }: { name: string }) {
  await go(advisor, "/account");
  await advisor.getByRole("link", { name: "Your judge or advisor profile" }).click();
  await expect(advisor).toHaveURL(/\/account\/profile$/);
  await advisor.getByRole("button", { name: "Withdraw consent" }).click();
  await expect(toast(advisor, "Consent withdrawn")).toBeVisible();
  await expect(advisor.getByTestId("profile-status")).toContainText("You have no public profile");
  await go(advisor, "/judges-advisors");
  await expect(advisor.getByTestId("profile").filter({ hasText: name })).toHaveCount(0);
}
