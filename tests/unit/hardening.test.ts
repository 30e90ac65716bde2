/** Issue 16's pure rules: client keys, path normalisation, checkout expiry, production-only settings. */
import { describe, expect, it } from "vitest";
import { checkoutSessionLifetime } from "~/content/limits";
import { clientKey } from "~/lib/client-limit.server";
import { NAME_PATTERN } from "~/forms/fields";
import { isDevOnlyPath, isProduction, resendBaseUrl } from "~/lib/config.server";
import { checkoutExpiresAt, registrationWindowEnd } from "~/payments/expiry.server";
import { edition2026 } from "../edition-2026";

const from = (ip: string) => clientKey(new Request("http://localhost/", { headers: { "cf-connecting-ip": ip } }));

describe("clientKey", () => {
  it("keeps an IPv4 address whole", () => {
    expect(from("203.0.113.7")).toBe("203.0.113.7");
    expect(from("203.0.113.8")).not.toBe(from("203.0.113.7"));
  });

  it("counts every address of an IPv6 /64 as one client, however it is written", () => {
    const key = from("2001:db8:1:2::1");
    expect(key).toBe("2001:db8:1:2::/64");
    for (const ip of ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:DB8:1:2:a:b:c:d", "[2001:db8:1:2::99]"]) {
      expect(from(ip), ip).toBe(key);
    }
    expect(from("2001:db8:1:3::1")).not.toBe(key);
    expect(from("::1")).toBe("0:0:0:0::/64");
  });

  it("reads an IPv4-mapped IPv6 address as its IPv4 client", () => {
    expect(from("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("keeps anything else as it came", () => {
    expect(from("not-an-ip")).toBe("not-an-ip");
    expect(clientKey(new Request("http://localhost/"))).toBe("unknown");
  });
});

describe("fail closed", () => {
  it("is development only when ENVIRONMENT says exactly that", () => {
    expect(isProduction({ ENVIRONMENT: "development" })).toBe(false);
    for (const value of ["production", "staging-typo", "Development", "dev", "", undefined]) {
      expect(isProduction({ ENVIRONMENT: value } as Pick<Env, "ENVIRONMENT">), String(value)).toBe(true);
    }
  });

  it("recognises /dev however it is spelled", () => {
    for (const path of [
      "/dev",
      "/dev/mailbox",
      "/DEV/mailbox",
      "/%64ev/mailbox",
      "/%2564ev/mailbox",
      "//dev/x",
      "/Dev%2Fmailbox",
    ]) {
      expect(isDevOnlyPath(path), path).toBe(true);
    }
    for (const path of ["/developers", "/", "/about/dev", "/%zz"]) expect(isDevOnlyPath(path), path).toBe(false);
  });

  it("ignores RESEND_BASE_URL in production", () => {
    expect(resendBaseUrl({ ENVIRONMENT: "development", RESEND_BASE_URL: "http://127.0.0.1:9" })).toBe(
      "http://127.0.0.1:9",
    );
    expect(resendBaseUrl({ ENVIRONMENT: "production", RESEND_BASE_URL: "http://127.0.0.1:9" })).toBeUndefined();
  });
});

describe("checkout expiry", () => {
  const real = new Date("2030-01-01T00:00:00Z");
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

  it("ends an early-bird session when early bird ends, an in-window one when enrollment closes", () => {
    expect(registrationWindowEnd(new Date("2026-01-07T22:00:00-07:00"), edition2026).toISOString()).toBe(
      "2026-01-08T07:00:00.000Z",
    );
    expect(registrationWindowEnd(new Date("2026-02-01T12:00:00-07:00"), edition2026).toISOString()).toBe(
      "2026-03-19T06:00:00.000Z",
    );
  });

  it("stays within Stripe's 30 minutes to 24 hours", () => {
    const { minMinutes, maxMinutes } = checkoutSessionLifetime;
    const now = new Date("2026-01-07T22:00:00-07:00");
    const windowEnd = registrationWindowEnd(now, edition2026);
    expect(checkoutExpiresAt(now, windowEnd, real)).toBe(seconds(real) + 2 * 3600);
    const lateNow = new Date(windowEnd.getTime() - 5 * 60_000);
    expect(checkoutExpiresAt(lateNow, windowEnd, real)).toBe(seconds(real) + minMinutes * 60);
    expect(
      checkoutExpiresAt(
        new Date("2025-12-01T12:00:00-07:00"),
        registrationWindowEnd(new Date("2025-12-01T12:00:00-07:00"), edition2026),
        real,
      ),
    ).toBe(seconds(real) + maxMinutes * 60);
    expect(checkoutExpiresAt(now, null, real)).toBe(seconds(real) + maxMinutes * 60);
  });
});

describe("name characters", () => {
  it("accepts names of any script and refuses links and sentences", () => {
    for (const name of ["Zoë", "Nguyễn", "O’Neil", "Mary-Jane", "Jr.", "José María", "Åsa", "李"]) {
      expect(NAME_PATTERN.test(name), name).toBe(true);
    }
    for (const name of ["http://evil.example", "Please reset at evil.example/x", "a@b", "1st", "<b>"]) {
      expect(NAME_PATTERN.test(name), name).toBe(false);
    }
  });
});
