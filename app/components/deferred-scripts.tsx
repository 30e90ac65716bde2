import { Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

/**
 * The longest a loaded and painted page waits for an idle moment before it
 * hydrates anyway: a page kept busy (an animation, an extension) still gets React.
 */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * React Router's `<Scripts>` without anything that competes with the first
 * paint (docs/decisions/007-hydrate-after-the-first-paint.md): the
 * modulepreload links are dropped and the module script that imports the
 * route modules and the entry is handed, as a string, to a small inline
 * script that inserts it later: once the page has loaded and painted, at an
 * idle moment, or at the visitor's first interaction, whichever is first. The inline handoff script
 * (`window.__reactRouterContext` and the stream the loader data arrives on)
 * still runs where it is, since the data scripts streamed after it need it.
 *
 * Until then the page is the server's HTML: forms post without JavaScript,
 * and what a visitor types stays in the uncontrolled fields React hydrates.
 */
export function DeferredScripts({ nonce }: { nonce: string }) {
  // Called as a function, not rendered as an element, so its output can be
  // reshaped before React sees it; its hooks become this component's, called
  // in the same order on every render.
  const scripts = Scripts({ nonce });
  // After hydration <Scripts> renders nothing, and neither does this.
  if (scripts === null) return null;
  return <>{flatten(scripts).flatMap((element, index) => reshape(element, index, nonce))}</>;
}

/** The elements of <Scripts>' output, fragments unwrapped. */
function flatten(node: ReactNode): ReactElement<Record<string, unknown>>[] {
  if (Array.isArray(node)) return node.flatMap(flatten);
  if (!isValidElement<Record<string, unknown>>(node)) return [];
  if (node.type === Fragment) return flatten(node.props.children as ReactNode);
  return [node];
}

function reshape(element: ReactElement<Record<string, unknown>>, index: number, nonce: string): ReactElement[] {
  // Modulepreload links: the browser would fetch every chunk before the paint.
  if (element.type === "link") return [];
  if (element.type === "script" && element.props.type === "module") {
    const inner = element.props.dangerouslySetInnerHTML as { __html: string } | undefined;
    return [
      <script
        key={index}
        nonce={nonce}
        data-deferred-entry=""
        // In the browser <Scripts> has no module text to give; React keeps the
        // server's script as it is (React Router's own scripts do the same).
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: activationScript(inner?.__html ?? "") }}
      />,
    ];
  }
  return [<Fragment key={index}>{element}</Fragment>];
}

/** The inline script that inserts the module script when it is time. */
function activationScript(moduleSource: string): string {
  // `<` escaped so no `</script>` or `<!--` in the module text can end the inline script early.
  const source = JSON.stringify(moduleSource).replace(/</g, "\\u003c");
  return `(${startHydrationLater})(${source}, ${IDLE_TIMEOUT_MS})`;
}

/**
 * Runs in the browser as the text of an inline script, so it may use nothing
 * from this module. The inserted module script carries the page's nonce: the
 * CSP (workers/security.ts) has no 'unsafe-inline'.
 */
function startHydrationLater(moduleSource: string, idleTimeout: number) {
  const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  // The visitor's first interaction: focus in a field, a press, a key.
  const interactions = ["focusin", "pointerdown", "keydown", "touchstart"];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of interactions) document.removeEventListener(type, start, true);
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = moduleSource;
    document.head.appendChild(script);
  };
  for (const type of interactions) document.addEventListener(type, start, { capture: true, passive: true });
  // Otherwise: once the page has loaded and painted, at the next idle moment.
  // `load` alone can come before the paint (a small page, a slow GPU), and a
  // chunk requested before it would compete with the paint again.
  let loaded = document.readyState === "complete";
  let painted = false;
  const maybeStart = () => {
    if (!loaded || !painted || started) return;
    if ("requestIdleCallback" in window) window.requestIdleCallback(start, { timeout: idleTimeout });
    else setTimeout(start, 0);
  };
  if (!loaded) {
    window.addEventListener("load", () => ((loaded = true), maybeStart()), { once: true });
  }
  if (typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      painted = true;
      maybeStart();
    });
    observer.observe({ type: "paint", buffered: true });
  } else {
    // No paint timing (older Safari): a frame has been painted since this ran.
    requestAnimationFrame(() => setTimeout(() => ((painted = true), maybeStart()), 0));
  }
}
