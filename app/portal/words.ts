/**
 * Word counts for the abstract and the "How AI Was Used" log (SPEC.md §5, §9),
 * the same in the browser's counter and on the server, which decides.
 */
import { portalMessages } from "~/content/portal";

/** Words are runs of characters between whitespace, as a word processor counts them. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/u).length;
}

/** The message for a text outside its word range, or null when it fits. */
export function wordRangeProblem(label: string, text: string, range: { min: number; max: number }): string | null {
  const count = countWords(text);
  if (count < range.min) return portalMessages.wordsTooFew(label, count, range.min);
  if (count > range.max) return portalMessages.wordsTooMany(label, count, range.max);
  return null;
}
