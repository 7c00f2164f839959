import { useId } from "react";

export interface ChartPoint {
  label: string;
  longLabel: string;
  value: number;
}

/** A round step (1, 2, 5 × 10ⁿ) that splits `max` into about `parts` parts. */
function niceStep(max: number, parts: number): number {
  const raw = max / parts;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalized = raw / magnitude;
  const nice = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** Y-axis tick values from 0 to a round top at or above `max`; counts get whole steps. */
export function axisTicks(max: number, { integer = false, parts = 4 }: { integer?: boolean; parts?: number } = {}): number[] {
  if (!(max > 0)) return [0, 1];
  const step = integer ? Math.max(1, niceStep(max, parts)) : niceStep(max, parts);
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step / 1e6; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 48, left: 64 };

/**
 * A bar chart drawn as inline SVG. Screen readers get a title and summary on
 * the image and every figure in a visually hidden table.
 */
export function BarChart({
  title,
  xLabel,
  yLabel,
  points,
  integer = true,
  formatValue = (value: number) => String(value),
  testId,
}: {
  title: string;
  xLabel: string;
  yLabel: string;
  points: readonly ChartPoint[];
  integer?: boolean;
  formatValue?: (value: number) => string;
  testId?: string;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const ticks = axisTicks(Math.max(0, ...points.map((p) => p.value)), { integer });
  const top = ticks.at(-1) ?? 1;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotWidth / Math.max(1, points.length);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const highest = points.reduce<ChartPoint | undefined>((best, p) => (!best || p.value > best.value ? p : best), undefined);
  const summary =
    points.length === 0
      ? "No data."
      : `${points.length} bars from ${points[0]?.longLabel} to ${points.at(-1)?.longLabel}; total ${formatValue(total)}` +
        (highest && highest.value > 0 ? `; highest ${formatValue(highest.value)} in ${highest.longLabel}.` : ".");

  return (
    <figure className="card" data-testid={testId}>
      <figcaption className="font-display text-lg">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${titleId} ${descId}`} className="mt-3 h-auto w-full text-foreground">
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.15} />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill="currentColor" fillOpacity={0.75}>
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {points.map((point, i) => {
          const barWidth = band * 0.6;
          const x = MARGIN.left + i * band + (band - barWidth) / 2;
          return (
            <g key={point.longLabel}>
              <rect x={x} y={y(point.value)} width={barWidth} height={Math.max(0, y(0) - y(point.value))} rx={3} className="fill-accent">
                <title>{`${point.longLabel}: ${formatValue(point.value)}`}</title>
              </rect>
              <text x={x + barWidth / 2} y={y(0) + 16} textAnchor="middle" fontSize={10} fill="currentColor" fillOpacity={0.75}>
                {point.label}
              </text>
            </g>
          );
        })}
        <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity={0.5} />
        <text x={MARGIN.left + plotWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={12} fill="currentColor">
          {xLabel}
        </text>
        <text transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle" fontSize={12} fill="currentColor">
          {yLabel}
        </text>
      </svg>
      {/* A table will not shrink to sr-only's 1 px and widened phones' pages; its wrapper does. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{xLabel}</th>
              <th scope="col">{yLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.longLabel}>
                <th scope="row">{point.longLabel}</th>
                <td>{formatValue(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
