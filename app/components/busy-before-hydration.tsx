/**
 * Busy before hydration (issue 34, SPEC.md §4): form pages hydrate after the
 * first paint (ADR 007), so a quick tap on a slow phone posts the plain form
 * before React is there to show "Sending...". This inline script (with the
 * response's CSP nonce, ADR 002) does the least React would: on the submit of
 * a POST form by a `SubmitButton`, it marks the button busy (its busy label
 * is already in the HTML, shown by CSS while `data-busy` is set) and disabled,
 * and turns away a second submit of the same form while the first is on its
 * way. Once React has hydrated, its form handlers cancel the browser's submit
 * and this script leaves the event alone. A page restored from the back/forward
 * cache gets its buttons back.
 */
export function BusyBeforeHydration({ nonce }: { nonce: string }) {
  return (
    <script
      nonce={nonce}
      // The browser hides the nonce once parsed, and the text never changes.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: `(${markBusyOnSubmit})()` }}
    />
  );
}

// Runs in the browser as the text of an inline script, so it may use nothing
// from this module; comments stay out of its body to keep it small. The
// button is disabled a moment after the submit: the browser has read the
// form by then, and a disabled button's own name and value would not be sent.
function markBusyOnSubmit() {
  addEventListener("submit", (event) => {
    const form = event.target;
    const button = event.submitter;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || form.method !== "post") return;
    if (form.target && form.target !== "_self") return;
    if (form.hasAttribute("data-sending")) {
      event.preventDefault();
      return;
    }
    if (!(button instanceof HTMLButtonElement) || !button.hasAttribute("data-busy-button")) return;
    form.setAttribute("data-sending", "");
    button.setAttribute("data-busy", "");
    button.setAttribute("aria-disabled", "true");
    setTimeout(() => (button.disabled = true));
  });
  addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    document.querySelectorAll("form[data-sending]").forEach((form) => form.removeAttribute("data-sending"));
    document.querySelectorAll<HTMLButtonElement>("button[data-busy-button][data-busy]").forEach((button) => {
      button.removeAttribute("data-busy");
      button.removeAttribute("aria-disabled");
      button.disabled = false;
    });
  });
}
