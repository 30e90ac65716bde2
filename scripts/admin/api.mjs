// The admin CLI's client of the organizer API (issue 32, ADR 018): the
// commands that moved to the desk's actions send them to the site instead of
// writing SQL, so a laptop needs no database rights for them.
//
//   base URL: --base-url URL, else ORGANIZER_API_URL, else http://localhost:8787
//   token:    ORGANIZER_API_TOKEN (created at /organize/tokens; never a flag, so it stays out of the shell history)
//
// Whatever the site answers is printed through `terminalText` (./terminal.mjs):
// names and titles people typed never reach the terminal with control sequences.
import { terminalText } from "./terminal.mjs";

/** @typedef {{ baseUrl?: unknown, [option: string]: unknown }} Options */

/** The API's origin for these options. @param {Options} options */
export function apiBase(options) {
  const base = typeof options.baseUrl === "string" && options.baseUrl !== "true" ? options.baseUrl : undefined;
  return (base ?? process.env.ORGANIZER_API_URL ?? "http://localhost:8787").replace(/\/+$/, "");
}

export class ApiError extends Error {
  /** @param {string} message @param {number} status @param {Record<string, string[]> | undefined} fieldErrors */
  constructor(message, status, fieldErrors) {
    super(message);
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/**
 * One call to the organizer API: JSON in, JSON out; a refusal throws an
 * ApiError carrying the site's own words.
 * @param {"GET" | "POST"} method
 * @param {string} path after /api/organize
 * @param {{ options: Options, body?: unknown, token?: string | null, headers?: Record<string, string> }} init
 * @returns {Promise<any>}
 */
export async function callApi(
  method,
  path,
  { options, body, token = process.env.ORGANIZER_API_TOKEN ?? null, headers = {} },
) {
  const url = `${apiBase(options)}/api/organize${path}`;
  /** @type {Record<string, string>} */
  const sent = { accept: "application/json", ...headers };
  if (token) sent.authorization = `Bearer ${token}`;
  if (body !== undefined) sent["content-type"] = "application/json";
  let response;
  try {
    response = await fetch(url, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(
      `cannot reach ${apiBase(options)} (${error instanceof Error ? error.message : error}); is the site running? (--base-url, ORGANIZER_API_URL)`,
      0,
      undefined,
    );
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    const message = typeof answer.error === "string" ? answer.error : `the site answered ${response.status}`;
    throw new ApiError(message, response.status, answer.fieldErrors);
  }
  return answer;
}

/** A token is needed: say where to get one. */
export function requireToken() {
  if (process.env.ORGANIZER_API_TOKEN) return true;
  console.error(
    "Set ORGANIZER_API_TOKEN to an organizer API token: create one on the desk at /organize/tokens (signed in with two-step sign-in).",
  );
  return false;
}

/**
 * Runs a command's API work and turns a refusal into its message and exit
 * code: 2 for input the site refused (400), 1 for anything else.
 * @param {() => Promise<number>} work
 */
export async function withApi(work) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const fields = Object.entries(error.fieldErrors ?? {})
      .filter(([field]) => field)
      .map(([field, messages]) => `  ${field}: ${messages.join(" ")}`);
    console.error([terminalText(error.message), ...fields.map(terminalText)].join("\n"));
    return error.status === 400 ? 2 : 1;
  }
}

/**
 * What `--confirm` carries (issue 50): the fingerprint the command's preview
 * printed, so that what is imported or sent is what the operator reviewed;
 * the site refuses it when anything changed since. Null without --confirm
 * (the command previews only); a bare --confirm, or anything but a
 * fingerprint, is refused with how to get one.
 * @param {Options} options
 * @returns {{ fingerprint: string } | { refused: string } | null}
 */
export function confirmedFingerprint(options) {
  if (options.confirm === undefined) return null;
  const value = String(options.confirm).trim();
  if (/^[0-9a-f]{64}$/.test(value)) return { fingerprint: value };
  return {
    refused:
      "--confirm takes the fingerprint the preview printed: run the same command without --confirm, check what it shows, then run it again with --confirm <fingerprint>.",
  };
}
