import type { LucideIcon } from "~/components/ui/icons";
import type { ReactNode } from "react";

/** One figure with its label and icon: the portal's and the admin pages' stat tiles. */
export function StatCard({
  label,
  value,
  icon: Icon,
  testId,
  note,
}: {
  label: string;
  value: string | number;
  icon: LucideIcon;
  testId?: string;
  /** A short qualifier under the figure (e.g. what part of it is estimated). */
  note?: ReactNode;
}) {
  return (
    <div className="card stat-card">
      <Icon className="stat-icon" aria-hidden />
      <div>
        <p className="text-sm opacity-75">{label}</p>
        <p className="text-2xl font-semibold" data-testid={testId}>
          {value}
        </p>
        {note}
      </div>
    </div>
  );
}
