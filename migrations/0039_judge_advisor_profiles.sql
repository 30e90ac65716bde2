-- Judges' and advisors' profiles (issue 54).
--
-- One invitation primitive: an invitation's standing says what accepting it
-- makes the account, a judge (who scores) or an advisor of one of the
-- advisory groups (app/content/judges.ts), who never scores and is never
-- assigned a project.
ALTER TABLE judge_invitations ADD COLUMN standing TEXT NOT NULL DEFAULT 'judge' CHECK (standing IN ('judge', 'advisor'));
-- The advisory group the coordinator chose when inviting an advisor.
ALTER TABLE judge_invitations ADD COLUMN advisory_group TEXT;

-- An advisor of one edition: an account that accepted an advisor's invitation.
-- Judging's tables never read this one: an advisor is not a judge.
CREATE TABLE advisors (
  edition_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  advisory_group TEXT NOT NULL,
  invitation_id TEXT NOT NULL REFERENCES judge_invitations (id),
  joined_at TEXT NOT NULL,
  PRIMARY KEY (edition_id, user_id)
);

-- A judge's or advisor's public profile, given with their consent (when
-- accepting, or later from /account/profile). The given columns are the
-- person's latest; the shown_* columns are the copy a coordinator last
-- published, the only one /judges-advisors reads. Withdrawing consent
-- deletes the row, so nothing of it is shown from the next request.
-- Photos are checked like sponsors' logos and stored in R2 under
-- profile-photos/<sha256>.<ext>.
CREATE TABLE public_profiles (
  edition_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  standing TEXT NOT NULL CHECK (standing IN ('judge', 'advisor')),
  -- Advisors only: the group they were invited to.
  advisory_group TEXT,
  name TEXT NOT NULL,
  title TEXT,
  organization TEXT,
  bio TEXT,
  photo_key TEXT,
  photo_width INTEGER,
  photo_height INTEGER,
  consented_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  shown_name TEXT,
  shown_title TEXT,
  shown_organization TEXT,
  shown_bio TEXT,
  shown_photo_key TEXT,
  shown_photo_width INTEGER,
  shown_photo_height INTEGER,
  published_at TEXT,
  PRIMARY KEY (edition_id, user_id)
);
CREATE INDEX public_profiles_shown_photo ON public_profiles (shown_photo_key);

-- An edition's publications of its profiles: until the first one,
-- /judges-advisors says the profiles are coming soon.
CREATE TABLE profile_publications (
  edition_id TEXT PRIMARY KEY,
  first_published_at TEXT NOT NULL,
  published_at TEXT NOT NULL,
  published_by TEXT NOT NULL
);
