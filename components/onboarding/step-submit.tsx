import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * A step's submit button (its text is `children`) and, once the step is done, the status line
 * that announces the move to the dashboard.
 */
export function StepSubmit({
  disabled,
  loading,
  redirecting,
  redirectingText,
  children,
}: {
  disabled: boolean;
  loading: boolean;
  redirecting: boolean;
  redirectingText: string;
  children: ReactNode;
}) {
  return (
    <>
      <Button type="submit" disabled={disabled} loading={loading}>
        {children}
      </Button>
      {redirecting && (
        <p role="status" className="text-sm text-slate-700">
          {redirectingText}
        </p>
      )}
    </>
  );
}
