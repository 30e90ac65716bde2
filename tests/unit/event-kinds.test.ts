/**
 * One naming rule for what the event log's `action` holds (issue 51): every
 * organizer action, read, job run and account kind is `area.verb`, lower
 * case, a name of several words joined by hyphens.
 */
import { describe, expect, it } from "vitest";
import { accountEventSummaries } from "~/content/events";
import { auditedActionIds } from "~/desk/registry.server";
import { accountEventPayloads } from "~/events/kinds";

const oneRule = /^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$/;

describe("the event log's kinds", () => {
  it("are all named by one rule, the organizers' actions' and the accounts' alike", () => {
    const names = [...auditedActionIds, ...Object.keys(accountEventPayloads)];
    expect(names.filter((name) => !oneRule.test(name))).toEqual([]);
    // The rule is the one the registry already used for verbs of several words.
    expect(auditedActionIds).toContain("judges.revoke-invitation");
  });

  it("each account kind has its summary, and each summary its kind", () => {
    expect(Object.keys(accountEventSummaries).sort()).toEqual(Object.keys(accountEventPayloads).sort());
  });
});
