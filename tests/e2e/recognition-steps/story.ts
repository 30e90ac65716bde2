import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect } from "../fixtures";
import { mailboxLink, toast, uniqueEmail, uniqueIp, waitForHydration } from "../auth-helpers";
import type { organizerRoleNames } from "../../../app/content/organize";
import { localSql } from "../local-d1";
import { organizerAccount } from "../organizer";
import { recognitionStoryBaseURL, recognitionStoryNow, recognitionStoryPort } from "../servers";

/**
 * The frame every part of issue 54's story shares (recognition-story.spec.ts):
 * the fifth server (tests/e2e/servers.ts), its own database, and the people
 * who act on it, each in a browser context of their own (its cookies are
 * that person's session) with a client address of its own, with JavaScript
 * or without, on the server's pretend day unless told another.
 */
export interface RecognitionStory {
  browser: Browser;
  baseURL: string;
  stateDir: string;
  /** The story's day when a step does not say another (the server's APP_NOW). */
  now: string;
  /** Statements against the story's own database (its last statement's rows). */
  sql: (command: string) => Record<string, unknown>[];
}

export interface Person {
  context: BrowserContext;
  page: Page;
}

export interface Organizer extends Person {
  email: string;
  /** The authenticator's secret, for a code later (./two-step.ts's freshTotp). */
  secret: string;
}

export function recognitionStory(browser: Browser): RecognitionStory {
  const stateDir = `.wrangler/e2e-state-${recognitionStoryPort}`;
  return {
    browser,
    baseURL: recognitionStoryBaseURL,
    stateDir,
    now: recognitionStoryNow,
    sql: (command) => localSql(stateDir, command),
  };
}

/** A person's own browser: JavaScript off unless asked, 1280 px wide unless told another width. */
export async function personContext(
  story: RecognitionStory,
  {
    now = story.now,
    javaScriptEnabled = false,
    width = 1280,
  }: { now?: string; javaScriptEnabled?: boolean; width?: number } = {},
): Promise<Person> {
  const context = await story.browser.newContext({
    baseURL: story.baseURL,
    javaScriptEnabled,
    viewport: { width, height: 900 },
  });
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": uniqueIp(), "x-app-now": now });
  return { context, page: await context.newPage() };
}

/** A new account, signed in in this person's browser (the sign-up API signs in); answers its address. */
export async function signedUp(story: RecognitionStory, person: Person, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const response = await person.page.request.post("/api/auth/sign-up/email", {
    data: { email, password: "a good passphrase", name: "" },
    headers: { origin: story.baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

/** A new account, signed in, its address verified through the link the site e-mails; answers its address. */
export async function verifiedSignUp(story: RecognitionStory, person: Person, tag: string): Promise<string> {
  const email = await signedUp(story, person, tag);
  const href = await mailboxLink(person.page, email, /Verify your e-mail address/, /\/verify-email\?token=/);
  await person.page.goto(href);
  await expect(toast(person.page, "Email verified")).toBeVisible();
  return email;
}

/**
 * An organizer of the desk in a browser of their own, as the desk admits
 * them (verified, two-step sign-in on, this session past the second factor,
 * the role granted): ../organizer.ts's organizerAccount.
 */
export async function deskOrganizer(
  story: RecognitionStory,
  role: (typeof organizerRoleNames)[number],
  options: { now?: string; javaScriptEnabled?: boolean } = {},
): Promise<Organizer> {
  const person = await personContext(story, options);
  const account = await organizerAccount(person.context.request, {
    stateDir: story.stateDir,
    baseURL: story.baseURL,
    role,
  });
  return { ...person, ...account };
}

/** Opens a page and, in a browser with JavaScript, waits until it has hydrated. */
export async function openPage(person: Person, path: string, javaScriptEnabled: boolean): Promise<void> {
  await person.page.goto(path);
  if (javaScriptEnabled) await waitForHydration(person.page);
}

/**
 * The newest e-mail to `address` whose subject matches, once the queue
 * consumer has stored it in the local mailbox (/dev/mailbox): its text.
 */
export async function mailTo(person: Person, address: string, subject: RegExp): Promise<string> {
  const entry = person.page.locator("article", { hasText: address }).filter({ hasText: subject }).first();
  await expect(async () => {
    await person.page.goto("/dev/mailbox");
    await expect(entry).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  return (await entry.textContent()) ?? "";
}

/** Closes every person's browser the story opened. */
export async function closeAll(people: readonly (Person | undefined)[]): Promise<void> {
  for (const person of people) await person?.context.close();
}
