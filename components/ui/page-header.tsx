import type { ReactNode } from "react";
import { Card } from "./card";

/** A page's h1 in its white panel, with an optional line below and actions to the right. */
export function PageHeader({
  id,
  title,
  description,
  actions,
}: {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 id={id} className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        {description && <div className="mt-1 text-slate-700">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </Card>
  );
}
