// `npm run seed -- recognition` (issue 54) against a real local D1 and R2,
// served by the built site as a visitor sees it: approved sponsors of every
// tier, each logo stored as /account/sponsor stores it (served from its
// public address, its bytes named by their SHA-256), shown by tier on
// /sponsors and on the home page; recognized organizations of every tier,
// shown under the tier their enrolled employees earn on
// /employer-recognition; judges' and advisors' published profiles, under
// "Judges" and each advisory group on /judges-advisors, their photos
// served; and a second run that adds nothing.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { migratedState } from "../migrated-state.mjs";
import { localDatabase } from "../../scripts/local-d1.mjs";
import { startLocalServer } from "./local-server.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const load = (/** @type {string} */ path) => import(new URL(path, import.meta.url).href);
/** @type {typeof import("../../app/content/pricing.ts")} */
const { sponsorTierIds } = await load("../../app/content/pricing.ts");
/** @type {typeof import("../../app/content/sponsorship.ts")} */
const { sponsorPresenceByTier } = await load("../../app/content/sponsorship.ts");
/** @type {typeof import("../../app/content/program.ts")} */
const { recognitionTiers } = await load("../../app/content/program.ts");
/** @type {typeof import("../../app/content/judges.ts")} */
const { advisoryGroups } = await load("../../app/content/judges.ts");

const stateDir = mkdtempSync(join(tmpdir(), "seed-recognition-"));
/** In 2026's regular enrollment: the sponsors' agreement runs (until 30 days after the finals). */
const SHOWN_DAY = "2026-02-10T12:00:00-07:00";

function seed() {
  const run = spawnSync("node", ["scripts/seed-projects.mjs", "recognition"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, STATE_DIR: stateDir, APP_NOW: SHOWN_DAY, CI: "true" },
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

/** @param {string} sql */
const rows = (sql) => {
  const database = localDatabase(stateDir);
  assert.ok(database);
  return database
    .prepare(sql)
    .all()
    .map((row) => ({ ...row }));
};

/** @type {{ base: string, stop: () => void } | undefined} */
let server;
let firstRun = "";
let secondRun = "";
before(async () => {
  migratedState(stateDir);
  firstRun = seed();
  secondRun = seed();
  server = await startLocalServer({ stateDir, appNow: SHOWN_DAY });
});

after(() => {
  server?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

const sponsors = () =>
  rows(
    `SELECT s.tier, p.shown_name AS name, p.shown_logo_key AS key, p.shown_logo_width AS width,
            p.shown_logo_height AS height, p.status, p.approved_at
     FROM sponsor_presences p JOIN sponsorships s ON s.id = p.sponsorship_id
     WHERE s.status = 'paid' AND s.edition_id = '2026'`,
  );

describe("npm run seed -- recognition", () => {
  test("approves two sponsors of every tier, one with a wide logo and one with a tall one, and a second run adds nothing", () => {
    const seeded = sponsors();
    assert.equal(seeded.length, 2 * sponsorTierIds.length);
    for (const tier of sponsorTierIds) {
      const ofTier = seeded.filter((s) => s.tier === tier);
      assert.equal(ofTier.length, 2, tier);
      assert.ok(
        ofTier.some((s) => Number(s.width) > Number(s.height)),
        `${tier}: a wide logo`,
      );
      assert.ok(
        ofTier.some((s) => Number(s.height) > Number(s.width)),
        `${tier}: a tall logo`,
      );
    }
    for (const sponsor of seeded) {
      assert.equal(sponsor.status, "approved");
      assert.ok(String(sponsor.approved_at) < new Date(SHOWN_DAY).toISOString());
      assert.match(String(sponsor.key), /^sponsor-logos\/[0-9a-f]{64}\.png$/);
    }
    assert.ok(Math.max(...seeded.map((s) => String(s.name).length)) >= 50, "a name as long as real ones get");
    // 8 sponsors' logos, 6 organizations' and 8 profiles' photos.
    assert.match(firstRun, /22 file\(s\) stored this run/);
    assert.match(secondRun, /0 file\(s\) stored this run/);
  });

  test("serves each logo from its public address, the PNG its key names, cached for good", async () => {
    assert.ok(server);
    for (const sponsor of sponsors()) {
      const file = String(sponsor.key).replace("sponsor-logos/", "");
      const response = await fetch(`${server.base}/sponsor-logos/${file}`);
      assert.equal(response.status, 200, file);
      assert.equal(response.headers.get("content-type"), "image/png");
      assert.equal(response.headers.get("cache-control"), "public, max-age=31536000, immutable");
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.equal(`${createHash("sha256").update(bytes).digest("hex")}.png`, file);
      // A PNG's size is in its IHDR chunk, right after the signature.
      assert.deepEqual(
        { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) },
        { width: sponsor.width, height: sponsor.height },
      );
    }
  });

  test("shows every tier on /sponsors and the tiers placed on the home page there, named by their alt text", async () => {
    assert.ok(server);
    const [sponsorsPage, home] = await Promise.all(
      ["/sponsors", "/"].map((path) => fetch(`${server?.base}${path}`).then((r) => r.text())),
    );
    for (const sponsor of sponsors()) {
      const file = String(sponsor.key).replace("sponsor-logos/", "");
      const alt = String(sponsor.name).replace(/'/g, "&#x27;");
      const shown = `src="/sponsor-logos/${file}" alt="${alt}"`;
      assert.ok(sponsorsPage.includes(shown), `${sponsor.name} on /sponsors`);
      const onHome = /** @type {readonly string[]} */ (
        sponsorPresenceByTier[/** @type {"gold"} */ (sponsor.tier)].placements
      ).includes("home");
      assert.equal(home.includes(shown), onHome, `${sponsor.name} on / (${sponsor.tier})`);
    }
  });

  test("lists two paid Workforce organizations per tier, their employees enrolled with their codes, shown under that tier on /employer-recognition", async () => {
    assert.ok(server);
    const organizations = rows(
      `SELECT l.shown_name AS name, l.shown_logo_key AS key, l.shown_logo_width AS width, l.shown_logo_height AS height,
              l.status, r.status AS paid,
              (SELECT count(*) FROM registrations e
                 JOIN company_codes c ON c.code = e.employer_code AND c.registration_id = r.id
               WHERE e.organization_registration_id = r.id AND e.status = 'enrolled' AND e.edition_id = '2026') AS employees
       FROM organization_listings l JOIN registrations r ON r.id = l.organization_id
       WHERE r.registration_type = 'workforce' AND l.edition_id = '2026'`,
    );
    assert.equal(organizations.length, 2 * recognitionTiers.length);
    const page = await fetch(`${server.base}/employer-recognition`).then((r) => r.text());
    // Each tier's section runs from its marker to the next tier's (or the list's end).
    const markers = recognitionTiers.map((tier) => ({ tier, at: page.indexOf(`data-testid="recognized-${tier.id}"`) }));
    for (const { tier, at } of markers) assert.ok(at > 0, `${tier.name} on /employer-recognition`);
    for (const organization of organizations) {
      assert.equal(organization.status, "approved");
      assert.equal(organization.paid, "paid");
      assert.match(String(organization.key), /^organization-logos\/[0-9a-f]{64}\.png$/);
      const count = Number(organization.employees);
      const earned = recognitionTiers.find(
        (t) => count >= t.minParticipants && (t.maxParticipants === null || count <= t.maxParticipants),
      );
      assert.ok(earned, `${organization.name}: ${count} employees earn a tier`);
      const shown = `src="/organization-logos/${String(organization.key).replace("organization-logos/", "")}" alt="${organization.name}"`;
      const at = page.indexOf(shown);
      assert.ok(at > 0, `${organization.name} on /employer-recognition`);
      const under = markers.filter((m) => m.at < at).sort((a, b) => b.at - a.at)[0];
      assert.equal(under?.tier.id, earned.id, `${organization.name} under ${earned.name}`);
      const logo = await fetch(
        `${server.base}/organization-logos/${String(organization.key).replace("organization-logos/", "")}`,
      );
      assert.equal(logo.status, 200, organization.name);
      assert.equal(logo.headers.get("content-type"), "image/png");
    }
    for (const tier of recognitionTiers) {
      const ofTier = organizations.filter((o) => {
        const count = Number(o.employees);
        return count >= tier.minParticipants && (tier.maxParticipants === null || count <= tier.maxParticipants);
      });
      assert.ok(
        ofTier.some((o) => Number(o.width) > Number(o.height)),
        `${tier.name}: a wide logo`,
      );
      assert.ok(
        ofTier.some((o) => Number(o.height) > Number(o.width)),
        `${tier.name}: a tall logo`,
      );
    }
    assert.ok(Math.max(...organizations.map((o) => String(o.name).length)) >= 50, "a name as long as real ones get");
  });

  test("publishes judges' profiles and two advisors' of each advisory group, shown under their heading on /judges-advisors with their photos", async () => {
    assert.ok(server);
    const profiles = rows(
      `SELECT p.standing, p.advisory_group AS grp, p.shown_name AS name, p.shown_photo_key AS key, p.published_at,
              (SELECT count(*) FROM judges j WHERE j.user_id = p.user_id AND j.edition_id = p.edition_id) AS judge,
              (SELECT count(*) FROM advisors a WHERE a.user_id = p.user_id AND a.edition_id = p.edition_id
                 AND a.advisory_group = p.advisory_group) AS advisor
       FROM public_profiles p WHERE p.edition_id = '2026'`,
    );
    assert.ok(profiles.filter((p) => p.standing === "judge").length >= 2, "judges");
    for (const group of advisoryGroups) {
      assert.equal(profiles.filter((p) => p.grp === group.id).length, 2, group.name);
    }
    const page = await fetch(`${server.base}/judges-advisors`).then((r) => r.text());
    // app/content/profiles.ts's comingSoonTitle (that module's imports are the bundler's, not Node's).
    assert.ok(!page.includes("Judge Profiles Coming Soon"), "no longer coming soon");
    const sections = [
      { id: "judges", at: page.indexOf('aria-labelledby="profiles-judges"') },
      ...advisoryGroups.map((g) => ({ id: String(g.id), at: page.indexOf(`aria-labelledby="profiles-${g.id}"`) })),
    ];
    for (const section of sections) assert.ok(section.at > 0, `${section.id} on /judges-advisors`);
    let photos = 0;
    for (const profile of profiles) {
      assert.ok(profile.published_at, `${profile.name} published`);
      // As accepting an invitation of its standing leaves it: a judge or an advisor of its group.
      assert.equal(Number(profile.standing === "judge" ? profile.judge : profile.advisor), 1, String(profile.name));
      const at = page.indexOf(`>${profile.name}</p>`);
      assert.ok(at > 0, `${profile.name} on /judges-advisors`);
      const under = sections.filter((s) => s.at < at).sort((a, b) => b.at - a.at)[0];
      assert.equal(under?.id, profile.standing === "judge" ? "judges" : profile.grp, `${profile.name}'s heading`);
      if (!profile.key) continue;
      photos++;
      const file = String(profile.key).replace("profile-photos/", "");
      assert.ok(page.includes(`src="/profile-photos/${file}" alt="${profile.name}"`), `${profile.name}'s photo`);
      const photo = await fetch(`${server.base}/profile-photos/${file}`);
      assert.equal(photo.status, 200, file);
      assert.equal(photo.headers.get("content-type"), "image/png");
      assert.equal(
        `${createHash("sha256")
          .update(Buffer.from(await photo.arrayBuffer()))
          .digest("hex")}.png`,
        file,
      );
    }
    assert.ok(photos > 0 && photos < profiles.length, "photos, and a profile without one");
  });
});
