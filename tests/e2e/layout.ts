/**
 * The in-page half of tests/e2e/layout.spec.ts (issue 23): one function that
 * Playwright serializes into the page (so it may use nothing from outside its
 * own body) and that returns every finding as one line of text.
 *
 * - overflow: the document is wider than the viewport (horizontal scrolling;
 *   WCAG 1.4.10 Reflow at 320 px). Names the element reaching furthest right.
 * - stretched: a button or button-styled link taller than its content needs
 *   (the hero's "Learn More" at 756 px beside a form). Its content is measured
 *   by the client rects of its text and icons, so a label that wraps onto
 *   several lines at 320 px is content, not stretching.
 * - target: a pointer target under 24 × 24 CSS px that meets neither of the
 *   exceptions of WCAG 2.2 SC 2.5.8 that apply to a page (spacing, inline).
 */
/** What layoutFindings marks each element it names with, for the screenshot kept on failure to outline. */
export const markedSelector = "[data-layout-finding]";

export interface LayoutOptions {
  /** SC 2.5.8's minimum, in CSS px. */
  minTarget: number;
}

export function layoutFindings({ minTarget }: LayoutOptions): string[] {
  const findings: string[] = [];
  const viewportWidth = document.documentElement.clientWidth;
  // Each element a finding names carries the attribute of `markedSelector` (written out: this runs in the page).
  for (const el of Array.from(document.querySelectorAll("[data-layout-finding]")))
    el.removeAttribute("data-layout-finding");
  const mark = (el: Element, kind: string) => el.setAttribute("data-layout-finding", kind);

  /** A short, readable name for an element: tag#id.class "text". */
  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : "";
    const classes = typeof el.className === "string" ? el.className.trim().split(/\s+/).slice(0, 3) : [];
    const cls = classes.length > 0 && classes[0] ? `.${classes.join(".")}` : "";
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` "${text}"` : ""}`;
  };
  const round = (n: number) => Math.round(n * 10) / 10;

  /**
   * Rendered, and not the visually-hidden pattern (`sr-only`: 1 px, clipped
   * away), e.g. the skip link until it is focused: nothing a pointer can hit.
   */
  const isShown = (el: Element): boolean => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const style = getComputedStyle(el);
    if (style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)") return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };

  // ── (a) horizontal overflow ────────────────────────────────────────────
  if (document.documentElement.scrollWidth > viewportWidth) {
    /**
     * Inside a box that clips or scrolls horizontally: cannot widen the page.
     * An absolutely positioned box (the `sr-only` text of a link in a table
     * that scrolls) escapes the boxes between it and its containing block,
     * the nearest positioned ancestor: only that one and those above it clip it.
     */
    const clipped = (el: Element): boolean => {
      let position = getComputedStyle(el).position;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (position === "fixed") return false;
        const style = getComputedStyle(p);
        const positioned = style.position !== "static" || style.transform !== "none";
        if (position === "absolute" && !positioned) continue;
        if (style.overflowX !== "visible") return true;
        position = style.position;
      }
      return false;
    };
    // checkVisibility: not inside a closed <details>, whose content Chromium still lays out (content-visibility: hidden).
    const overflows = (el: Element | null): boolean =>
      !!el &&
      el.getBoundingClientRect().right > viewportWidth + 0.5 &&
      el.getBoundingClientRect().width > 0 &&
      el.checkVisibility();
    // The culprits: boxes that reach past the viewport although their parent does not
    // (a row wider than the screen, a grid item widened by a table), outermost first.
    const widens = (el: Element | null): boolean => !!el && overflows(el) && !clipped(el);
    const culprits = Array.from(document.body.querySelectorAll("*")).filter(
      (el) => widens(el) && !widens(el.parentElement),
    );
    for (const el of culprits.slice(0, 3)) mark(el, "overflow");
    findings.push(
      `overflow: the page is ${document.documentElement.scrollWidth} px wide in a ${viewportWidth} px viewport; ` +
        (culprits
          .slice(0, 3)
          .map((el) => `${describe(el)} reaches ${round(el.getBoundingClientRect().right)} px`)
          .join("; ") || "no single element reaches past it"),
    );
  }

  // ── (b) stretched controls ─────────────────────────────────────────────
  const px = (value: string) => Number.parseFloat(value) || 0;
  const controls = document.querySelectorAll<HTMLElement>(
    'a.btn, a[class*="btn-"], button, input[type="submit"], input[type="button"], input[type="reset"]',
  );
  for (const el of Array.from(controls)) {
    if (!isShown(el)) continue;
    const style = getComputedStyle(el);
    const lineHeight = style.lineHeight === "normal" ? px(style.fontSize) * 1.2 : px(style.lineHeight);
    let contentHeight: number;
    if (el instanceof HTMLInputElement) {
      contentHeight = lineHeight;
    } else {
      // The union of the rects of the visible text and of icons and images:
      // how tall the content is, however many lines it wraps onto.
      let top = Infinity;
      let bottom = -Infinity;
      const add = (r: DOMRect) => {
        if (r.width === 0 && r.height === 0) return;
        top = Math.min(top, r.top);
        bottom = Math.max(bottom, r.bottom);
      };
      // Screen-reader-only text (`sr-only`, 1 × 1 px) takes no room.
      const inHidden = (node: Node) => {
        for (let p = node.parentElement; p && p !== el; p = p.parentElement) if (!isShown(p)) return true;
        return false;
      };
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!(node.textContent ?? "").trim() || inHidden(node)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) add(r);
      }
      for (const icon of Array.from(el.querySelectorAll("svg, img"))) {
        if (isShown(icon) && !inHidden(icon)) add(icon.getBoundingClientRect());
      }
      contentHeight = bottom > top ? bottom - top : lineHeight;
    }
    const chrome =
      px(style.paddingTop) + px(style.paddingBottom) + px(style.borderTopWidth) + px(style.borderBottomWidth);
    // What the control needs: its content and padding, or its own min-height
    // (min-h-11 keeps every button 44 px tall). One more line box of slack
    // covers the difference between text's glyph boxes and its line boxes.
    const needed = Math.max(contentHeight + chrome, px(style.minHeight));
    const height = el.getBoundingClientRect().height;
    if (height > needed + lineHeight) {
      mark(el, "stretched");
      findings.push(
        `stretched: ${describe(el)} is ${round(height)} px tall; its content needs ${round(needed)} px` +
          ` (${style.display} in a ${el.parentElement ? getComputedStyle(el.parentElement).display : "?"} parent)`,
      );
    }
  }

  // ── (c) target size, WCAG 2.2 SC 2.5.8 ─────────────────────────────────
  const interactive = Array.from(
    document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]',
    ),
  ).filter(isShown);

  /**
   * The target's box. A checkbox or radio button is also activated by its
   * label (HTML's label activation behaviour), so the label is part of the
   * area that accepts the pointer: SC 2.5.8 measures that area.
   */
  const targetRect = (el: HTMLElement): DOMRect => {
    const own = el.getBoundingClientRect();
    if (!(el instanceof HTMLInputElement) || !["checkbox", "radio"].includes(el.type)) return own;
    const label = Array.from(el.labels ?? []).find(isShown);
    if (!label) return own;
    const l = label.getBoundingClientRect();
    const left = Math.min(own.left, l.left);
    const top = Math.min(own.top, l.top);
    return new DOMRect(left, top, Math.max(own.right, l.right) - left, Math.max(own.bottom, l.bottom) - top);
  };

  /**
   * SC 2.5.8's "inline" exception: the target is in a sentence, or its size
   * is constrained by the line height of non-target text. An inline link
   * whose nearest block holds other text qualifies; a link alone in its list
   * item (a menu) does not.
   */
  const isInlineInText = (el: HTMLElement): boolean => {
    if (getComputedStyle(el).display !== "inline") return false;
    let block: HTMLElement | null = el.parentElement;
    while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
    if (!block) return false;
    const own = (el.textContent ?? "").replace(/\s+/g, "");
    const all = (block.textContent ?? "").replace(/\s+/g, "");
    return all.length > own.length;
  };

  const targets = interactive.map((el) => ({ el, rect: targetRect(el) }));
  const undersized = targets.filter(
    ({ el, rect }) => (rect.width < minTarget - 0.5 || rect.height < minTarget - 0.5) && !isInlineInText(el),
  );
  const undersizedSet = new Set(undersized.map((t) => t.el));
  const center = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
  /** Distance from a point to the nearest point of a rectangle (0 inside it). */
  const distanceToRect = (p: { x: number; y: number }, r: DOMRect) =>
    Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
  const radius = minTarget / 2;
  for (const target of undersized) {
    const c = center(target.rect);
    // SC 2.5.8's spacing exception: a 24 px circle centred on the undersized
    // target intersects no other target and no other undersized target's circle.
    const crowding = targets.find(({ el, rect }) => {
      if (el === target.el || el.contains(target.el) || target.el.contains(el)) return false;
      if (undersizedSet.has(el)) return Math.hypot(center(rect).x - c.x, center(rect).y - c.y) < minTarget - 0.01;
      return distanceToRect(c, rect) < radius - 0.01;
    });
    if (crowding) {
      mark(target.el, "target");
      findings.push(
        `target: ${describe(target.el)} is ${round(target.rect.width)} × ${round(target.rect.height)} px, ` +
          `within ${radius} px of ${describe(crowding.el)}`,
      );
    }
  }
  return findings;
}
