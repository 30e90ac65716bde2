import { toast } from "../auth-helpers";
import { expect } from "../fixtures";
import { turnOnTwoStep } from "../two-step";
import { inviteJudgeOnDesk, photoPng, type ProfileInput } from "./profiles";
import { personContext, verifiedSignUp, type Person, type RecognitionStory } from "./story";

/**
 * The people of the profiles' part of issue 54's story (./profiles.ts holds
 * its steps): a judge invited by address and an advisor who offered to
 * advise on /judge-advisor-register, each with an account as an invitation
 * asks (verified, two-step sign-in on), without JavaScript.
 */

export interface InvitedPerson extends Person {
  email: string;
  profile: ProfileInput;
}

/** The judge's profile, given while accepting: a photo taller than wide, as portraits are. */
export const judgeProfile: ProfileInput = {
  name: "Dr. Harriet Lindqvist-Achterberg",
  title: "Chief Data Scientist",
  organization: "Idaho National Advanced Computing Collaborative",
  bio: "Twenty years of applied machine learning for Idaho's utilities and farms; she has judged regional hackathons since 2015.",
  photo: photoPng(240, 300, [60, 90, 140]),
};

/** The advisor's offer (as the interest form names them) and the profile they give while accepting. */
export const advisorOffer = {
  first: "Marguerite",
  last: "Oyelaran-Bishop",
  groupId: "academic-leaders",
  profile: {
    name: "Prof. Marguerite Oyelaran-Bishop",
    title: "Professor of Health Informatics",
    organization: "Idaho State University College of Health",
    bio: "Teaches clinical decision support and leads a statewide study of AI in rural clinics.",
    photo: photoPng(240, 300, [120, 60, 90]),
  },
} as const satisfies { first: string; last: string; groupId: string; profile: ProfileInput };

/** The password `signedUp` (./story.ts) gives every account of the story. */
const PASSWORD = "a good passphrase";

async function invitableAccount(story: RecognitionStory, tag: string) {
  const person = await personContext(story);
  const email = await verifiedSignUp(story, person, tag);
  await turnOnTwoStep(person.page, PASSWORD);
  return { ...person, email };
}

/** A judge's account, invited by address from the desk (the judge then accepts with ./profiles.ts). */
export async function judgeInvitedByAddress(
  story: RecognitionStory,
  desk: Person,
  profile: ProfileInput,
): Promise<InvitedPerson> {
  const judge = await invitableAccount(story, "profile-judge");
  await inviteJudgeOnDesk(desk.page, { email: judge.email, name: profile.name });
  return { ...judge, profile };
}

/** A person who offers to advise through the interest form, signed in, as the desk then sees the offer. */
export async function personOffersToAdvise(
  story: RecognitionStory,
  { first, last, profile }: { first: string; last: string; profile: ProfileInput },
): Promise<InvitedPerson> {
  const advisor = await invitableAccount(story, "profile-advisor");
  const { page } = advisor;
  await page.goto("/judge-advisor-register");
  await page.getByLabel("Advisor").check();
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Phone").fill("208-555-0187");
  await page.getByLabel("Organization").fill(profile.organization);
  await page.getByLabel("Title").fill(profile.title);
  await page.getByLabel("Areas of expertise").fill("Health data governance and clinical decision support.");
  await page.getByLabel("Relevant experience").fill("Twenty years leading analytics in Idaho's hospitals.");
  await page.getByLabel("Why do you want to take part?").fill("To help Idaho teams use AI safely with patients.");
  await page.getByRole("button", { name: "Submit Interest" }).click();
  await expect(toast(page, "Thank You!")).toBeVisible();
  return { ...advisor, profile };
}
