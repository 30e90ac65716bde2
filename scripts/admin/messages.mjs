// Announcements from the terminal (issue 11, issue 33). Documented in
// docs/admin.md ("Messages and announcements").
//
//   announce <file.md> [--segment S] [--confirm <fingerprint>] [--id ID] [--max-batches N] [--base-url URL]
//       one e-mail to everyone in a segment (default: the next-edition list's confirmed
//       subscribers), through the outbox, in the site's batches; run again to continue.
//       Without --confirm it previews and prints the recipients' fingerprint; it sends only
//       with --confirm and that fingerprint, refused when anyone joined or left since
//
// A client of the organizer API (./api.mjs), like the desk's /organize/messages:
// `announcements.send` (app/notifications/announcements.server.ts) holds the
// segments, the batches, the one-e-mail-per-person rule and the audit row.
// ORGANIZER_API_TOKEN (a director's or a registrar's), --base-url or
// ORGANIZER_API_URL. No SQL here.
import { readFileSync } from "node:fs";
import { callApi, confirmedFingerprint, requireToken, withApi } from "./api.mjs";
import { terminalText } from "./terminal.mjs";

/** The segments' names (the worker refuses any other; Node reads the TypeScript module as is). */
const { messageSegments } = /** @type {typeof import("../../app/content/organize.ts")} */ (
  await import(new URL("../../app/content/organize.ts", import.meta.url).href)
);

/**
 * An announcement file: the first line "# Subject", then the body (plain
 * text; Markdown is sent as written).
 * @param {string} source
 */
export function parseAnnouncement(source) {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^#[ \t]+(.+)\n+([\s\S]*)$/.exec(text.trimStart());
  const subject = match?.[1]?.trim();
  const body = match?.[2]?.trim();
  if (!subject || !body) throw new Error('an announcement starts with a "# Subject" line, followed by its text');
  return { subject, body };
}

/** @param {Record<string, unknown>} options @param {string} name */
const textOption = (options, name) =>
  typeof options[name] === "string" && options[name] !== "true" ? String(options[name]).trim() : undefined;

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

const usage = `announce <file.md> [--segment ${messageSegments.join("|")}] [--confirm <fingerprint>] [--id ID] [--max-batches N] [--base-url URL]`;

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  announce: {
    usage,
    async run(args, options) {
      const file = args[0];
      const segment = textOption(options, "segment") ?? "next-edition";
      const maxBatches = options.maxBatches;
      const confirmed = confirmedFingerprint(options);
      if (confirmed && "refused" in confirmed) {
        console.error(confirmed.refused);
        return 2;
      }
      if (!file || !messageSegments.includes(/** @type {never} */ (segment))) {
        console.error(`usage: npm run admin -- ${usage}`);
        return 2;
      }
      if (options.remote) {
        console.error(
          "announce goes through the organizer API now: point it at the site with ORGANIZER_API_URL (or --base-url) instead of --remote.",
        );
        return 2;
      }
      if (maxBatches !== undefined && !(Number.isInteger(maxBatches) && Number(maxBatches) > 0)) {
        console.error(`--max-batches takes a whole number above 0\nusage: npm run admin -- ${usage}`);
        return 2;
      }
      const { subject, body } = parseAnnouncement(readFileSync(file, "utf8"));
      if (!requireToken()) return 2;
      const id = textOption(options, "id");
      return withApi(async () => {
        // Without --confirm (or with the former --preview), a preview: nothing is sent.
        if (!confirmed) {
          const query = new URLSearchParams({
            segment,
            teamId: "",
            subject,
            body,
            ...(id ? { announcementId: id } : {}),
          });
          const { result } = await callApi("GET", `/queries/announcements.preview?${query}`, { options });
          console.log(
            terminalText(
              `${result.audience}: ${result.recipients} recipient(s), ${result.alreadyWritten} already written`,
            ),
          );
          for (const person of result.firstRecipients) console.log(terminalText(`  ${person.email}  ${person.name}`));
          console.log(terminalText(`\nSubject: ${result.email.subject}\n\n${result.email.text}`));
          console.log(terminalText(`\nFingerprint of the recipients: ${result.fingerprint}`));
          console.log(
            terminalText(
              `Nothing sent. To send to exactly these recipients: npm run admin -- announce ${file}${segment === "next-edition" ? "" : ` --segment ${segment}`}${id ? ` --id ${id}` : ""} --confirm ${result.fingerprint}`,
            ),
          );
          return 0;
        }
        let batches = 0;
        let written = 0;
        for (;;) {
          const { result } = await callApi("POST", "/actions/announcements.send", {
            options,
            body: { segment, subject, body, expected: confirmed.fingerprint, ...(id ? { announcementId: id } : {}) },
          });
          batches += 1;
          written += result.written;
          console.error(
            terminalText(`batch ${batches}: ${result.written} new e-mail(s), ${result.remaining} still to write`),
          );
          const done = result.remaining === 0;
          if (done || (maxBatches !== undefined && batches >= Number(maxBatches))) {
            console.log(
              terminalText(
                `announcement ${result.announcementId} ("${subject}"): ${written} new e-mail(s) for ${result.recipients} recipient(s)` +
                  (done ? "; every recipient has one." : "; stopped early: run the same command again to continue."),
              ),
            );
            console.log("The outbox sweep queues them (at most 500 every 5 minutes).");
            return 0;
          }
        }
      });
    },
  },
};
