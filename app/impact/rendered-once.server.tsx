/**
 * Markup rendered once per kept value (issue 55: the organization's report
 * within 1.2× /faq's CPU when its figures are kept). A report's figures are
 * kept a minute per isolate (./kept.server.ts) and never change while kept,
 * so their markup does not either: rendered on the first view and remembered
 * beside that very object, it is forgotten with it, and a view that finds the
 * figures kept renders only the page around them. On a moved clock every view
 * counts afresh, so every view renders.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** `render` as a function of a kept value to its markup, rendered at most once per value. */
export function renderedOnce<T extends object>(render: (value: T) => ReactElement): (value: T) => string {
  const markup = new WeakMap<T, string>();
  return (value) => {
    let known = markup.get(value);
    if (known === undefined) {
      known = renderToStaticMarkup(render(value));
      markup.set(value, known);
    }
    return known;
  };
}
