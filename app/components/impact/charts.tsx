/**
 * The impact reports' charts (issue 55), drawn on the server as SVG or plain
 * HTML: no client JavaScript (ADR 004). Each chart is an image with a short
 * text alternative, and the page puts a table of the same figures beside it,
 * so nothing is said by the picture alone.
 */

/** A goal's progress: an HTML bar (hidden from assistive technology) under the words that say it. */
export function ProgressBar({ label, text, percent }: { label: string; text: string; percent: number }) {
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-brand-950">{label}</span>
        <span className="text-slate-700" data-testid="goal-figure">
          {text}
        </span>
      </div>
      <div
        aria-hidden="true"
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200 print:border print:border-slate-400"
      >
        <div
          className="h-full rounded-full bg-brand-700"
          style={{ width: `${Math.max(0, Math.min(100, percent))}%` }}
        />
      </div>
    </div>
  );
}

export interface Bar {
  label: string;
  /** The bar's length (0 draws none: a suppressed figure). */
  value: number;
  /** What the bar's end says. */
  text: string;
}

const BAR_HEIGHT = 22;
const GAP = 8;
const LABEL_WIDTH = 190;
const CHART_WIDTH = 560;

/** Horizontal bars, one per row, scaled to the largest (or to `max`). */
export function BarChart({ title, bars, max }: { title: string; bars: readonly Bar[]; max?: number }) {
  const top = max ?? Math.max(1, ...bars.map((b) => b.value));
  const span = CHART_WIDTH - LABEL_WIDTH - 80;
  const height = bars.length * (BAR_HEIGHT + GAP);
  const summary = `${title}: ${bars.map((b) => `${b.label} ${b.text}`).join("; ")}.`;
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${CHART_WIDTH} ${Math.max(height, BAR_HEIGHT)}`}
      className="h-auto w-full max-w-xl"
      data-testid="bar-chart"
    >
      {bars.map((bar, i) => {
        const y = i * (BAR_HEIGHT + GAP);
        const width = Math.round((Math.max(0, bar.value) / top) * span);
        return (
          <g key={bar.label}>
            <text x={0} y={y + 15} fontSize="12" fill="#0f172a">
              {bar.label.length > 30 ? `${bar.label.slice(0, 29)}…` : bar.label}
            </text>
            <rect x={LABEL_WIDTH} y={y} width={width} height={BAR_HEIGHT} rx="3" fill="#1d4ed8" />
            <text x={LABEL_WIDTH + width + 6} y={y + 15} fontSize="12" fill="#0f172a">
              {bar.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** A cumulative count over time: a step line with its first and last points labelled. */
export function StepChart({ title, points }: { title: string; points: readonly { label: string; value: number }[] }) {
  const width = CHART_WIDTH;
  const height = 180;
  const pad = { left: 36, right: 12, top: 12, bottom: 28 };
  const top = Math.max(1, ...points.map((p) => p.value));
  const x = (i: number) =>
    pad.left + (points.length <= 1 ? 0 : (i / (points.length - 1)) * (width - pad.left - pad.right));
  const y = (v: number) => height - pad.bottom - (v / top) * (height - pad.top - pad.bottom);
  const path = points.map((p, i) => (i === 0 ? `M${x(i)},${y(p.value)}` : `H${x(i)}V${y(p.value)}`)).join("");
  const first = points[0];
  const last = points[points.length - 1];
  const summary =
    first && last
      ? `${title}: from ${first.value} in the week of ${first.label} to ${last.value} in the week of ${last.label}.`
      : title;
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-xl"
      data-testid="step-chart"
    >
      <line x1={pad.left} y1={height - pad.bottom} x2={width - pad.right} y2={height - pad.bottom} stroke="#94a3b8" />
      <line x1={pad.left} y1={pad.top} x2={pad.left} y2={height - pad.bottom} stroke="#94a3b8" />
      <text x={pad.left - 6} y={pad.top + 4} fontSize="11" textAnchor="end" fill="#0f172a">
        {top}
      </text>
      <text x={pad.left - 6} y={height - pad.bottom} fontSize="11" textAnchor="end" fill="#0f172a">
        0
      </text>
      <path d={path} fill="none" stroke="#1d4ed8" strokeWidth="2.5" />
      {first ? (
        <text x={pad.left} y={height - 8} fontSize="11" fill="#0f172a">
          {first.label}
        </text>
      ) : null}
      {last && points.length > 1 ? (
        <text x={width - pad.right} y={height - 8} fontSize="11" textAnchor="end" fill="#0f172a">
          {last.label}
        </text>
      ) : null}
    </svg>
  );
}

/** A compact table: the text equivalent printed beside each chart. */
export function FigureTable({
  caption,
  head,
  rows,
  testId,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly string[])[];
  testId?: string;
}) {
  return (
    // A narrow screen scrolls the table: the region takes the keyboard's focus so it can scroll without a pointer.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="mb-2 text-left font-semibold text-slate-800">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="border-b border-slate-300 px-2 py-1 font-semibold text-slate-900">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="border-b border-slate-100 px-2 py-1 font-medium text-slate-900">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="border-b border-slate-100 px-2 py-1 text-slate-700">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
