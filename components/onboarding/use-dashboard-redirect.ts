"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { REDIRECT_DELAY_MS } from "@/lib/constants";

/**
 * After an onboarding step succeeds the member goes to /dashboard after 1.5 s
 * (0.9 s after a batch of signed contracts was submitted: pass that delay).
 */
export function useDashboardRedirect() {
  const router = useRouter();
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const redirectToDashboard = useCallback(
    (delayMs: number = REDIRECT_DELAY_MS.afterOnboardingStep) => {
      setRedirecting(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        router.replace("/dashboard");
        // The dashboard's status cards are rendered on the server: fetch them anew.
        router.refresh();
      }, delayMs);
    },
    [router],
  );

  return { redirecting, redirectToDashboard };
}
