import { describe, expect, test } from "vitest";
import { accountRefusal, invitationState, newInvitation } from "~/lib/invitation.server";
import { isLinkToken, tokenHash } from "~/lib/link-token.server";

const now = new Date("2026-03-01T12:00:00.000Z");
const open = { expiresAt: "2026-03-02T12:00:00.000Z", acceptedAt: null, revokedAt: null };

describe("the invitation primitive shared by teams, co-administrators and judges", () => {
  test("a new invitation: a link token, only its hash to store, and its expiry", async () => {
    const invitation = await newInvitation(now, 7);
    expect(isLinkToken(invitation.token)).toBe(true);
    expect(invitation.tokenHash).toBe(await tokenHash(invitation.token));
    expect(invitation.tokenHash).not.toContain(invitation.token);
    expect(invitation.expiresAt.toISOString()).toBe("2026-03-08T12:00:00.000Z");
    expect((await newInvitation(now, 7)).token).not.toBe(invitation.token);
  });

  test("single use, revocable, declinable where it may be, and expiring at its instant", () => {
    expect(invitationState(open, now)).toBeNull();
    expect(invitationState({ ...open, revokedAt: "2026-03-01T00:00:00.000Z" }, now)).toBe("revoked");
    expect(invitationState({ ...open, acceptedAt: "2026-03-01T00:00:00.000Z" }, now)).toBe("used");
    expect(invitationState({ ...open, declinedAt: "2026-03-01T00:00:00.000Z" }, now)).toBe("declined");
    expect(invitationState({ ...open, expiresAt: now.toISOString() }, now)).toBe("expired");
    // Revoked says more than used: an organizer took it back.
    expect(invitationState({ ...open, acceptedAt: "x", revokedAt: "y" }, now)).toBe("revoked");
  });

  test("only the invited address's account, once that address is verified", () => {
    const invited = "judge@example.com";
    expect(accountRefusal(invited, { email: "Judge@Example.com", emailVerified: true })).toBeNull();
    expect(accountRefusal(invited, { email: "judge@example.com", emailVerified: false })).toBe("unverified");
    expect(accountRefusal(invited, { email: "someone@example.com", emailVerified: true })).toBe("other-account");
  });
});
