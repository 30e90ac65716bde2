// The admin CLI's one terminal escaper (issue 31): every line the CLI prints
// goes through it, once in `main` (scripts/admin.mjs escapes the console) and
// again wherever a command builds text from what the site answered, so a
// command run on its own is safe too. Escaping is idempotent: what it writes
// is plain ASCII it leaves alone.

/**
 * Text as the organizer's terminal should show it: C0 and C1 control
 * characters (ESC and so every ANSI sequence, CSI, OSC, BEL, carriage
 * return…), DEL, the bidirectional marks, embeddings, overrides and isolates
 * (U+061C, U+200E-F, U+202A-E, U+2066-9) and the line and paragraph
 * separators written out as `\x1b` or `\u202e`, so a stored title, name or
 * appeal can neither move the cursor, rewrite earlier lines, set the window's
 * title nor reorder what is shown. Line feeds and tabs stay: the CLI's own
 * layout.
 * @param {unknown} value
 */
export function terminalText(value) {
  return String(value ?? "").replace(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => {
      const code = /** @type {number} */ (c.codePointAt(0));
      return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
    },
  );
}
