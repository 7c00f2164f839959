import type { LucideIcon } from "lucide-react";

/** One figure with its label and icon: the portal's and the admin pages' stat tiles. */
export function StatCard({ label, value, icon: Icon, testId }: { label: string; value: string | number; icon: LucideIcon; testId?: string }) {
  return (
    <div className="card flex items-center gap-4">
      <Icon className="h-8 w-8 shrink-0 text-accent" aria-hidden />
      <div>
        <p className="text-sm opacity-75">{label}</p>
        <p className="text-2xl font-semibold" data-testid={testId}>
          {value}
        </p>
      </div>
    </div>
  );
}
