"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** The contract templates while they load, or their failure to load with a button to try again. */
export function TemplatesLoadStatus({
  failed,
  loadingText,
  failedText,
  onRetry,
}: {
  failed: boolean;
  loadingText: string;
  failedText: string;
  onRetry: () => void;
}) {
  const t = useTranslations("SignContract");
  if (!failed) {
    return (
      <p role="status" className="text-slate-700">
        {loadingText}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
        {failedText}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t("retry")}
      </Button>
    </div>
  );
}
