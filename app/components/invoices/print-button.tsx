import { useEffect, useState } from "react";

/** With JavaScript a button opens the print dialog (and "Save as PDF"); without it, the words say how. */
export function PrintButton() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated)
    return <p className="text-slate-600">Print this page, or save it as a PDF, from your browser's menu.</p>;
  return (
    <button type="button" className="btn-secondary" onClick={() => window.print()}>
      Print or save as PDF
    </button>
  );
}
