/**
 * The one toast region (issue 17), rendered by the root layout: the flash
 * toast of the previous redirect (app/lib/toast.server.ts) and the toast the
 * page's own loader or action returned (`{ toast }` in its data) all show
 * here, in the server HTML, so they show without JavaScript; with JavaScript
 * they slide in and can be dismissed. Success and information are a polite
 * status; errors are an alert.
 */
import { useEffect, useState } from "react";
import { unstable_useRoute as useRoute, useMatches } from "react-router";
import type { Toast } from "~/lib/toast";

const tones = {
  success: { border: "border-green-600", icon: "✓", iconClass: "bg-green-600 text-white" },
  error: { border: "border-red-600", icon: "!", iconClass: "bg-red-600 text-white" },
  info: { border: "border-brand-600", icon: "i", iconClass: "bg-brand-600 text-white" },
} as const;

type WithToast = { toast?: Toast | null } | null | undefined;

/**
 * The toasts of the page being shown: `flash` (the root loader's), then the
 * deepest route's loader toast, then its action toast.
 */
function usePageToasts(flash: Toast | null | undefined): Toast[] {
  const leafId = useMatches().at(-1)?.id ?? "root";
  // The deepest route's data, action data included (useActionData reads only
  // the route it is called in; this region lives in the root layout).
  const leaf = useRoute(leafId as "root") as { loaderData?: WithToast; actionData?: WithToast } | undefined;
  const toasts = [flash, leafId === "root" ? null : leaf?.loaderData?.toast, leaf?.actionData?.toast];
  return toasts.filter((toast): toast is Toast => Boolean(toast));
}

export function ToastRegion({ flash }: { flash: Toast | null | undefined }) {
  const toasts = usePageToasts(flash);
  return (
    <div
      data-toast-region
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex flex-col items-center gap-3 px-4 sm:items-end sm:px-6"
    >
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const [hydrated, setHydrated] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (dismissed) return null;
  const tone = tones[toast.type];
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast={toast.type}
      className={`pointer-events-auto transition duration-300 ease-out starting:translate-y-2 starting:opacity-0 flex w-full max-w-sm items-start gap-3 rounded-xl border-l-4 bg-white p-4 shadow-lg ring-1 ring-slate-900/10 ${tone.border}`}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${tone.iconClass}`}
      >
        {tone.icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm text-slate-600">{toast.description}</p> : null}
      </div>
      {hydrated ? (
        <button
          type="button"
          onClick={() => setDismissed(true)}
          className="-m-1 rounded p-1 text-slate-500 hover:text-slate-900"
          aria-label="Dismiss notification"
        >
          <span aria-hidden="true">✕</span>
        </button>
      ) : null}
    </div>
  );
}
