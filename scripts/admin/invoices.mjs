// Receivables (issue 53): `npm run admin -- <command>`. Documented in
// docs/admin.md ("Invoices") and docs/payments.md.
//
//   invoices [--status open|overdue|paid|void|uncollectible] [--edition ID|all] [--out file.csv]
//   resend-invoice <id>
//   void-invoice <id> --reason "…"
//   invoice-paid-outside <id> --received-on YYYY-MM-DD --reference "…"
//       a cheque or a transfer received outside Stripe; above the site's
//       two-person amount it is proposed, and a director confirms it on the desk
//
// Clients of the organizer API (./api.mjs): the `invoices.list` query and
// the `invoices.*` actions (app/payments/receivables.server.ts), each
// written with its audit row. No SQL here.
import { writeFileSync } from "node:fs";
import { toCsv } from "../admin.mjs";
import { ApiError, callApi, requireToken, withApi } from "./api.mjs";
import { terminalText } from "./terminal.mjs";

/** @typedef {ReturnType<typeof import("../admin.mjs").parseArgs>["options"]} Options */

/** @param {Options} options @param {string} name */
const text = (options, name) =>
  typeof options[name] === "string" && options[name] !== "true" ? String(options[name]).trim() : "";

/** @type {Record<string, { usage: string, run: (args: string[], options: Options) => Promise<number> }>} */
export const commands = {
  invoices: {
    usage: "invoices [--status open|overdue|paid|void|uncollectible] [--edition ID|all] [--out file.csv]",
    async run(_args, options) {
      if (!requireToken()) return 2;
      return withApi(async () => {
        const query = new URLSearchParams();
        if (text(options, "status")) query.set("status", text(options, "status"));
        if (text(options, "edition")) query.set("edition", text(options, "edition"));
        // The query answers one page at a time: the CSV holds every page.
        /** @type {Record<string, unknown>[]} */
        const listed = [];
        for (let page = 1, pages = 1; page <= pages; page += 1) {
          query.set("page", String(page));
          const { result } = await callApi("GET", `/queries/invoices.list?${query}`, { options });
          listed.push(...result.invoices);
          pages = result.pages;
        }
        /** @type {Record<string, unknown>[]} */
        const rows = listed.map((/** @type {Record<string, unknown>} */ row) => ({
          number: row.number,
          legal_name: row.legalName,
          item: row.item,
          amount_cents: row.amountCents,
          po_number: row.poNumber,
          status: row.overdue ? "overdue" : row.status,
          due_at: row.dueAt,
          paid_at: row.paidAt,
          id: row.id,
        }));
        const csv = toCsv(rows, [
          "number",
          "legal_name",
          "item",
          "amount_cents",
          "po_number",
          "status",
          "due_at",
          "paid_at",
          "id",
        ]);
        if (typeof options.out === "string") writeFileSync(options.out, csv);
        else process.stdout.write(terminalText(csv));
        return 0;
      });
    },
  },
  "resend-invoice": {
    usage: "resend-invoice <id>",
    async run([id], options) {
      if (!id) {
        console.error(`usage: npm run admin -- ${commands["resend-invoice"].usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/invoices.resend", { options, body: { id } });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
  "void-invoice": {
    usage: 'void-invoice <id> --reason "…"',
    async run([id], options) {
      const reason = text(options, "reason");
      if (!id || !reason) {
        console.error(`usage: npm run admin -- ${commands["void-invoice"].usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      return withApi(async () => {
        const done = await callApi("POST", "/actions/invoices.void", { options, body: { id, reason } });
        console.log(terminalText(done.message));
        return 0;
      });
    },
  },
  "invoice-paid-outside": {
    usage: 'invoice-paid-outside <id> --received-on YYYY-MM-DD --reference "…"',
    async run([id], options) {
      const receivedOn = text(options, "receivedOn");
      const reference = text(options, "reference");
      if (!id || !receivedOn || !reference) {
        console.error(`usage: npm run admin -- ${commands["invoice-paid-outside"].usage}`);
        return 2;
      }
      if (!requireToken()) return 2;
      const body = { id, receivedOn, reference };
      return withApi(async () => {
        try {
          const done = await callApi("POST", "/actions/invoices.paid-outside", { options, body });
          console.log(terminalText(done.message));
        } catch (error) {
          // Above the two-person amount the site refuses (409): propose it instead.
          if (!(error instanceof ApiError) || error.status !== 409 || !/second organizer/.test(error.message))
            throw error;
          const proposed = await callApi("POST", "/actions/invoices.paid-outside-large", { options, body });
          console.log(terminalText(proposed.message));
        }
        return 0;
      });
    },
  },
};
