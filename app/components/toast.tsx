/**
 * Renders a flash toast (app/lib/toast.server.ts) in the server HTML, so it
 * shows without JavaScript; with JavaScript it slides in and can be dismissed.
 * Success and information are a polite status; errors are an alert.
 */
import { useEffect, useState } from "react";
import type { Toast } from "~/lib/toast";

const tones = {
  success: { border: "border-green-600", icon: "✓", iconClass: "bg-green-600 text-white" },
  error: { border: "border-red-600", icon: "!", iconClass: "bg-red-600 text-white" },
  info: { border: "border-brand-600", icon: "i", iconClass: "bg-brand-600 text-white" },
} as const;

export function ToastRegion({ toast }: { toast: Toast | null | undefined }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex flex-col items-center gap-3 px-4 sm:items-end sm:px-6">
      {toast ? <ToastCard key={toast.id} toast={toast} /> : null}
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
