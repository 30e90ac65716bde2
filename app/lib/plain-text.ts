/**
 * Text people type, as we store it (issue 31, ADR 017): titles, summaries,
 * appeals, team names, display names and people's names reach organizers'
 * terminals, e-mails, CSV files and other people's screens. A control
 * character there is a command, not a letter: ESC, CSI and OSC sequences move
 * a terminal's cursor, rewrite earlier lines or set its title; BEL rings; bidi
 * controls reorder what a reader sees ("evil\u202Egnp.exe"). So every writer
 * of such text, and the shared form fields, keep only what a person meant:
 * letters of any script, marks, emoji and their joiners, punctuation, spaces,
 * and line breaks and tabs where the text has several lines.
 */

/** C0 controls, DEL and C1 controls (tab, line feed and carriage return are decided separately). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;
/** Bidi embeddings, overrides, isolates and marks (Unicode's Bidi_Control property). */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Every way a line can end: CR LF, CR, LF, NEL (C1), the line and paragraph separators. */
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/**
 * `value` without control or bidi characters. One line (the default): a line
 * break or a tab becomes a space. Several lines: line breaks become "\n" and
 * tabs stay. Spaces are not trimmed or collapsed: that is each field's rule.
 */
export function plainText(value: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const lines = multiline ? value.replace(LINE_BREAKS, "\n") : value.replace(LINE_BREAKS, " ").replace(/\t/g, " ");
  return lines.replace(CONTROLS, "").replace(BIDI_CONTROLS, "");
}

/** The multi-line form, for a zod `overwrite` check (an appeal, a message). */
export const plainLines = (value: string) => plainText(value, { multiline: true });
