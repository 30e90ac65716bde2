/**
 * The editions' desk (issue 52), through the built worker and real D1: who
 * reaches each edition page and action; a bad draft refused with the
 * message on its field, without JavaScript (the page again) and with it
 * (the route's data request); the skipped hour of spring-forward; a draft
 * proposed by a director and confirmed by a second one with a fresh code
 * (refused for the proposer, and when the draft moved on meanwhile); a
 * change of a published deadline that e-mails each person affected once
 * and raises the event's SEQUENCE in the calendar feed; and a change of a
 * passed deadline refused with the reason.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deskMessages } from "~/content/organize";
import { edition2026 } from "../fixtures/edition-2026";
import { editionCheckMessages } from "~/content/edition-desk";
import { formatMountain } from "~/clock/format";
import { dateFieldValues, fieldOf, nextEditionFrom } from "~/editions/fields";
import { totp } from "./account-helpers";
import { renderNotification } from "~/notifications/kinds.server";
import { createRegistration, createSubmission, createTeam } from "./factories";
import { decodeEntities } from "./html";
import { bareUser, judge, submittedProject } from "./judging-helpers";
import { deskGet, deskPost, directorWithAuthenticator, lastAuditId, auditSince, organizer } from "./organize-helpers";
import { storedVersion } from "./editions-helpers";
import { fetchWithEnv } from "./worker";

/** Before the 2026 finals, with 2027 a draft: the desk's clock for drafting and publishing. */
const AFTER_FINALS = { APP_NOW: "2026-05-10T12:00:00-06:00" };
/** The creation period of 2026: its submission deadline is still ahead. */
const CREATING = { APP_NOW: "2026-03-10T12:00:00-06:00" };

const copy2027 = nextEditionFrom(edition2026);
const datesOf2027 = { editionId: "2027", ...dateFieldValues(copy2027) };
const text = async (response: Response) => decodeEntities(await response.text());

describe("/organize/editions: who may do what", { timeout: 120_000 }, () => {
  it("opens for directors and coordinators only; a coordinator drafts but neither proposes nor changes", async () => {
    for (const role of ["registrar", "viewer"] as const) {
      const who = await organizer(role);
      expect((await deskGet("/organize/editions", who, AFTER_FINALS)).status, role).toBe(404);
      expect((await deskGet("/organize/editions/2027", who, AFTER_FINALS)).status, role).toBe(404);
      expect(
        (await deskPost("/organize/editions/2027", { intent: "draft-dates", ...datesOf2027 }, who, AFTER_FINALS))
          .status,
      ).toBe(404);
    }
    const coordinator = await organizer("coordinator");
    const list = await text(await deskGet("/organize/editions", coordinator, AFTER_FINALS));
    expect(list).toContain("Draft the 2027 edition (a copy of 2026 Challenge, every date a year later)");
    const page = await text(await deskGet("/organize/editions/2027", coordinator, AFTER_FINALS));
    expect(page).toContain("Save the dates");
    expect(page).not.toContain("Propose version");
    // An edition that is neither shown, stored nor next: 404.
    expect((await deskGet("/organize/editions/2031", coordinator, AFTER_FINALS)).status).toBe(404);
    const since = await lastAuditId();
    const refused = await deskPost(
      "/organize/editions/2027",
      { intent: "publish", editionId: "2027", version: "1", rulesVersion: "2027-1" },
      coordinator,
      AFTER_FINALS,
    );
    expect(refused.status).toBe(403);
    expect(await text(refused)).toContain(deskMessages.notAllowed);
    const change = await deskPost(
      "/organize/editions/2026",
      {
        intent: "change",
        editionId: "2026",
        milestone: "finals",
        startDate: "2026-04-27",
        endDate: "2026-04-27",
        note: "Moved.",
      },
      coordinator,
      CREATING,
    );
    expect(change.status).toBe(403);
    expect(await auditSince(since)).toEqual([]);
  });
});

describe("drafting: the check on the form", { timeout: 120_000 }, () => {
  const outOfOrder = { ...datesOf2027, [fieldOf.startDate("program-starts")]: "2027-01-10" };
  const message = editionCheckMessages.outOfOrder(
    "Program starts",
    "Jan 10, 2027",
    "Organization enrollment opens",
    "Jan 15, 2027",
  );

  it("without JavaScript: the page again, the message beside the field, what was typed kept, nothing saved", async () => {
    const coordinator = await organizer("coordinator");
    const response = await deskPost(
      "/organize/editions/2027",
      { intent: "draft-dates", ...outOfOrder },
      coordinator,
      AFTER_FINALS,
    );
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toContain(message);
    expect(html).toMatch(
      new RegExp(
        `name="${fieldOf.startDate("program-starts")}"[^>]*value="2027-01-10"|value="2027-01-10"[^>]*name="${fieldOf.startDate("program-starts")}"`,
      ),
    );
    expect(await storedVersion("2027", 1)).toBeNull();
  });

  it("with JavaScript (the route's data request): the same message for the same field", async () => {
    const coordinator = await organizer("coordinator");
    const response = await deskPost(
      "/organize/editions/2027.data",
      { intent: "draft-dates", ...outOfOrder },
      coordinator,
      AFTER_FINALS,
    );
    const body = await text(response);
    expect(body).toContain(message);
    expect(body).toContain(fieldOf.startDate("program-starts"));
    expect(await storedVersion("2027", 1)).toBeNull();
  });

  it("refuses a time in the skipped hour of spring-forward in Boise, naming the field", async () => {
    const coordinator = await organizer("coordinator");
    const response = await deskPost(
      "/organize/editions/2027",
      {
        intent: "draft-dates",
        ...datesOf2027,
        [fieldOf.startDate("finalists-announced")]: "2027-03-14",
        [fieldOf.startTime("finalists-announced")]: "02:30",
      },
      coordinator,
      AFTER_FINALS,
    );
    expect(response.status).toBe(400);
    expect(await text(response)).toContain(
      "Finalists announced: start: 2027-03-14 02:30 does not exist in Boise: clocks jump from 2:00 to 3:00 AM that night",
    );
  });

  it("refuses an early-bird price above the regular one", async () => {
    const coordinator = await organizer("coordinator");
    const response = await deskPost(
      "/organize/editions/2027",
      {
        intent: "draft-prices",
        editionId: "2027",
        "individual-earlyBird": "400",
        "individual-regular": "300",
        "workforce-earlyBird": "5000",
        "workforce-regular": "6000",
      },
      coordinator,
      AFTER_FINALS,
    );
    expect(response.status).toBe(400);
    expect(await text(response)).toContain(editionCheckMessages.earlyBirdAboveRegular("individual"));
  });
});

describe("publishing a draft: the two-person rule", { timeout: 120_000 }, () => {
  it("a coordinator drafts, a director proposes with the preview, the proposer may not confirm, a stale preview is refused, a second director confirms", async () => {
    const coordinator = await organizer("coordinator");
    const first = await deskPost(
      "/organize/editions/2027",
      {
        intent: "draft-prices",
        editionId: "2027",
        "individual-earlyBird": "275",
        "individual-regular": "325",
        "workforce-earlyBird": "5500",
        "workforce-regular": "6500",
      },
      coordinator,
      AFTER_FINALS,
    );
    expect(first.status).toBe(303);
    expect(await storedVersion("2027", 1)).toMatchObject({ state: "draft", based_on: null });

    const proposer = await directorWithAuthenticator();
    const second = await directorWithAuthenticator();
    const proposeV1 = await deskPost(
      "/organize/editions/2027",
      { intent: "publish", editionId: "2027", version: "1", rulesVersion: "2027-1" },
      proposer.who,
      AFTER_FINALS,
    );
    expect(proposeV1.status).toBe(303);
    const staleLocation = proposeV1.headers.get("location")!;
    const proposal = await text(await deskGet(staleLocation, second.who, AFTER_FINALS));
    expect(proposal).toContain("Publish the 2027 Challenge (version 1): enrollment opens Tuesday, November 10, 2026");
    expect(proposal).toContain("$275");
    expect(proposal).toContain("$6,500");
    expect(proposal).toContain("Contest rules version reviewed by counsel: 2027-1.");

    // The proposer's own code does not confirm it.
    const own = await deskPost(
      staleLocation,
      { intent: "confirm", code: await totp(proposer.secret) },
      proposer.who,
      AFTER_FINALS,
    );
    expect(own.status).not.toBe(303);
    expect(await text(own)).toContain(deskMessages.proposalOwn);

    // The draft moves on: what was proposed is no longer what would be published.
    const newer = await deskPost(
      "/organize/editions/2027",
      {
        intent: "draft-details",
        editionId: "2027",
        name: "2027 Challenge",
        "goal-participants": "700",
        "goal-organizations": "120",
        "goal-projects": "60",
        "venue-city": "Boise, Idaho",
        "venue-event": "Idaho AI Week",
        "venue-showcase": "Capital Showcase",
        "venue-name": "State Capital Finals",
        "rules-version": "2027-1",
      },
      coordinator,
      AFTER_FINALS,
    );
    expect(newer.status).toBe(303);
    const stale = await deskPost(
      staleLocation,
      { intent: "confirm", code: await totp(second.secret) },
      second.who,
      AFTER_FINALS,
    );
    expect(stale.status).not.toBe(303);
    expect(await text(stale)).toContain(deskMessages.proposalStale);
    expect(await storedVersion("2027", 1)).toMatchObject({ state: "draft" });

    const proposeV2 = await deskPost(
      "/organize/editions/2027",
      { intent: "publish", editionId: "2027", version: "2", rulesVersion: "2027-1" },
      proposer.who,
      AFTER_FINALS,
    );
    expect(proposeV2.status).toBe(303);
    const catalogBefore = await env.DB.prepare("SELECT version FROM edition_catalog").first<{ version: number }>();
    const since = await lastAuditId();
    // A fresh code: the stale attempt used this period's.
    const confirmed = await deskPost(
      proposeV2.headers.get("location")!,
      { intent: "confirm", code: second.nextRecoveryCode() },
      second.who,
      AFTER_FINALS,
    );
    expect(confirmed.status, await confirmed.clone().text()).toBe(303);
    const rows = await auditSince(since);
    expect(rows.map((r) => [r.action, r.actor_user_id])).toEqual([["editions.publish", second.who.id]]);
    expect(await storedVersion("2027", 2)).toMatchObject({ state: "published", rules_version: "2027-1", based_on: 1 });
    expect(await env.DB.prepare("SELECT published_version FROM editions WHERE id = '2027'").first()).toEqual({
      published_version: 2,
    });
    const catalogAfter = await env.DB.prepare("SELECT version FROM edition_catalog").first<{ version: number }>();
    expect(catalogAfter!.version).toBe(catalogBefore!.version + 1);
    // Published: the drafts' forms are gone, and a save is refused with where to go instead.
    const refused = await deskPost(
      "/organize/editions/2027",
      { intent: "draft-dates", ...datesOf2027 },
      coordinator,
      AFTER_FINALS,
    );
    expect(refused.status).toBe(409);
  });
});

describe("changing the published edition", { timeout: 120_000 }, () => {
  it("moving the submission deadline e-mails each member of a team still working once, and raises its SEQUENCE in the feed", async () => {
    const [ana, ben, cleo] = [await bareUser("ana"), await bareUser("ben"), await bareUser("cleo")];
    const working = await createTeam({ editionId: "2026", members: [ana.id, ben.id] });
    await createSubmission({ teamId: working.id, editionId: "2026", updatedBy: ana.id, status: "draft" });
    await createTeam({ editionId: "2026", members: [cleo.id] });
    const done = await bareUser("done");
    await submittedProject("2026", { members: [done] });

    const feedBefore = await (await fetchWithEnv("/timeline.ics", CREATING)).text();
    expect(feedBefore).toContain("UID:2026-submission-deadline@idahoaichallenge.org\r\nSEQUENCE:0\r\n");

    const proposer = await directorWithAuthenticator();
    const second = await directorWithAuthenticator();
    const input = {
      intent: "change",
      editionId: "2026",
      milestone: "submission-deadline",
      startDate: "2026-03-20",
      startTime: "23:59",
      note: "A storm closed offices on the 18th.",
    };
    const proposed = await deskPost("/organize/editions/2026", input, proposer.who, CREATING);
    expect(proposed.status, await proposed.clone().text()).toBe(303);
    const location = proposed.headers.get("location")!;
    const preview = await text(await deskGet(location, second.who, CREATING));
    expect(preview).toContain("Project submission deadline");
    expect(preview).toContain("Members of teams whose project is not submitted yet");
    expect(preview).toContain("A storm closed offices on the 18th.");

    const confirmed = await deskPost(
      location,
      { intent: "confirm", code: await totp(second.secret) },
      second.who,
      CREATING,
    );
    expect(confirmed.status, await confirmed.clone().text()).toBe(303);
    const { results } = await env.DB.prepare(
      "SELECT recipient, payload FROM notifications WHERE kind = 'edition-changed' ORDER BY recipient",
    ).all<{ recipient: string; payload: string }>();
    expect(results.map((r) => r.recipient)).toEqual([ana.email, ben.email, cleo.email].sort());
    expect(JSON.parse(results[0]!.payload)).toMatchObject({
      editionName: "2026 Challenge",
      changes: [
        {
          title: "Project submission deadline",
          before: `${formatMountain(edition2026.submissionDeadline.due)}, 11:59 PM MT`,
          after: "Mar 20, 2026, 11:59 PM MT",
        },
      ],
      note: "A storm closed offices on the 18th.",
    });
    const email = renderNotification("edition-changed", results[0]!.payload);
    expect(email.subject).toBe("The 2026 Challenge: a date has changed");
    expect(email.text).toContain(
      "- Project submission deadline: Mar 18, 2026, 11:59 PM MT → now Mar 20, 2026, 11:59 PM MT",
    );
    expect(email.text).toContain("A storm closed offices on the 18th.");
    // The code's 2026 is recorded as version 1, the change is version 2.
    expect(await storedVersion("2026", 1)).toMatchObject({ state: "superseded" });
    expect(await storedVersion("2026", 2)).toMatchObject({ state: "published", based_on: 1 });

    const feed = await (await fetchWithEnv("/timeline.ics", CREATING)).text();
    expect(feed).toContain("UID:2026-submission-deadline@idahoaichallenge.org\r\nSEQUENCE:1\r\n");
    expect(feed).toContain("UID:2026-finals@idahoaichallenge.org\r\nSEQUENCE:0\r\n");
  });

  it("moving the finals tells registrants and judges, once each however many groups name them", async () => {
    const registrant = await bareUser("registrant");
    await createRegistration({ userId: registrant.id, editionId: "2026" });
    const both = await judge("judging-registrant", "2026", { signedIn: false });
    await createRegistration({ userId: both.id, editionId: "2026", status: "enrolled" });
    const onlyJudge = await judge("only-judge", "2026", { signedIn: false });
    const unpaid = await bareUser("unpaid");
    await createRegistration({ userId: unpaid.id, editionId: "2026", status: "pending" });

    const proposer = await directorWithAuthenticator();
    const second = await directorWithAuthenticator();
    const proposed = await deskPost(
      "/organize/editions/2026",
      {
        intent: "change",
        editionId: "2026",
        milestone: "finals",
        startDate: "2026-04-27",
        endDate: "2026-04-27",
        note: "The Capitol is booked on the 25th.",
      },
      proposer.who,
      CREATING,
    );
    expect(proposed.status, await proposed.clone().text()).toBe(303);
    const location = proposed.headers.get("location")!;
    const preview = await text(await deskGet(location, second.who, CREATING));
    expect(preview).toContain("Registered and enrolled participants");
    expect(preview).toContain("Judges");
    const confirmed = await deskPost(
      location,
      { intent: "confirm", code: await totp(second.secret) },
      second.who,
      CREATING,
    );
    expect(confirmed.status, await confirmed.clone().text()).toBe(303);
    const { results } = await env.DB.prepare(
      "SELECT recipient FROM notifications WHERE kind = 'edition-changed' AND payload LIKE '%booked on the 25th%'",
    ).all<{ recipient: string }>();
    const recipients = results.map((r) => r.recipient);
    expect(recipients.filter((r) => r === both.email)).toHaveLength(1);
    expect(recipients).toContain(registrant.email);
    expect(recipients).toContain(onlyJudge.email);
    expect(recipients).not.toContain(unpaid.email);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(await storedVersion("2026", 3)).toMatchObject({ state: "published", based_on: 2 });
    const feed = await (await fetchWithEnv("/timeline.ics", CREATING)).text();
    expect(feed).toContain("UID:2026-finals@idahoaichallenge.org\r\nSEQUENCE:1\r\n");
    expect(feed).toContain("UID:2026-submission-deadline@idahoaichallenge.org\r\nSEQUENCE:1\r\n");
  });

  it("refuses to move a deadline that has passed, saying why", async () => {
    const director = await organizer("director");
    const since = await lastAuditId();
    const response = await deskPost(
      "/organize/editions/2026",
      {
        intent: "change",
        editionId: "2026",
        milestone: "final-enrollment-deadline",
        startDate: "2026-03-20",
        startTime: "23:59",
        note: "Late enrollment.",
      },
      director,
      { APP_NOW: "2026-03-25T12:00:00-06:00" },
    );
    expect(response.status).toBe(400);
    expect(await text(response)).toContain(
      "Final enrollment deadline (Mar 18, 2026, 11:59 PM MT) has already begun or passed: people relied on it, so it cannot change now.",
    );
    expect(await auditSince(since)).toEqual([]);
  });
});
