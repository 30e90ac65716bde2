/**
 * Runs a burst that must reach a rate limit, without waiting for the clock
 * (issue 21). The local limiter counts in windows aligned to the clock's
 * minutes, so a burst that straddles a minute boundary is split over two
 * windows and never reaches the limit. `burst` must use keys of its own each
 * time it runs (a fresh client IP: uniqueIp(); a fresh address where the
 * limit is per address): when the first run
 * straddled a boundary it runs once more, starting just after one. A burst of
 * under 30 seconds cannot straddle twice; one that does fails the test.
 * No imports: the integration tests (workerd) and e2e tests (Node) share it.
 */
export async function inOneRateLimitWindow<T>(burst: () => Promise<T>): Promise<T> {
  const minute = () => Math.floor(Date.now() / 60_000);
  for (let run = 1; ; run++) {
    const start = minute();
    const result = await burst();
    if (minute() === start) return result;
    if (run === 2) throw new Error("the burst straddled a minute boundary twice: it is too slow for one window");
  }
}

/**
 * A client IP of one's own, in 10.0.0.0/8, so the rate limits one test meets
 * never count another's requests (locally, wrangler dev keeps the
 * CF-Connecting-IP a client sends).
 */
export function uniqueIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/**
 * An e-mail address of one's own on example.com (`tag` says whose, in a
 * failure's output), so the limits per address one test meets never count
 * another's, and no two tests' accounts meet.
 */
export function uniqueEmail(tag = "person"): string {
  return `${tag}.${crypto.randomUUID().slice(0, 8)}@example.com`;
}
