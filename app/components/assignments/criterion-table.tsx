import type { ReactNode } from "react";
import { cn } from "~/utils/misc";

export interface CriterionRow {
  criterion: string;
  description?: string | null;
  points: ReactNode;
}

/** An assignment's criteria beside their points: the rubric a member works to, or the points a review gave. */
export function CriterionTable({
  caption,
  rows,
  total,
  dense = false,
  testId,
}: {
  caption: string;
  rows: CriterionRow[];
  total?: { label: string; points: ReactNode };
  dense?: boolean;
  testId?: string;
}) {
  const cell = dense ? "py-1 pr-2" : "py-2 pr-3";
  const points = dense ? "py-1" : "py-2";
  return (
    <table className="w-full text-left text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className={cn("border-b text-xs uppercase tracking-wide opacity-80", dense ? "border-primary/20" : "border-primary/30")}>
          <th scope="col" className={cn(cell, "font-semibold")}>
            Criterion
          </th>
          <th scope="col" className={cn(points, "text-right font-semibold")}>
            Points
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={`${index}-${row.criterion}`} className="border-b border-primary/10 align-top last:border-0">
            <td className={cell}>
              <span className={dense ? undefined : "font-medium"}>{row.criterion}</span>
              {row.description ? <span className="mt-0.5 block opacity-80">{row.description}</span> : null}
            </td>
            <td className={cn(points, "text-right tabular-nums")}>{row.points}</td>
          </tr>
        ))}
      </tbody>
      {total ? (
        <tfoot>
          <tr className="border-t border-primary/10">
            <th scope="row" className="pt-2 pr-3 text-right font-semibold">
              {total.label}
            </th>
            <td className="pt-2 text-right font-semibold tabular-nums">{total.points}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
