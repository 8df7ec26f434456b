import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * The end of a sign-in step's form: its submit button across the width (busy while the step is
 * checked), then the step's other ways (link-styled buttons) spread on one line.
 */
export function StepActions({
  busy,
  label,
  busyLabel,
  children,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <Button type="submit" block loading={busy}>
        {busy ? busyLabel : label}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">{children}</div>
    </>
  );
}
