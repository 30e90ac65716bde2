/** When and how soon a failed send is tried again (pure: unit-testable without the SDK). */

export interface ProviderError {
  name?: string;
  message?: string;
  statusCode?: number | null;
}

/**
 * Rate limits (429), provider faults (5xx), network failures (no status) and a
 * request still in flight with the same idempotency key are worth retrying;
 * any other 4xx (bad address, unverified sender, bad key) is not.
 */
export function isRetryable(error: ProviderError): boolean {
  const status = error.statusCode;
  if (typeof status !== "number") return true;
  if (status === 429 || status >= 500) return true;
  return error.name === "concurrent_idempotent_requests";
}

/**
 * 30 s, 1 min, 2 min, 4 min, 8 min, then 10 min: always below the sweep's
 * STALE_PENDING_MINUTES, so the sweep never doubles a message waiting to retry.
 */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 600);
}
