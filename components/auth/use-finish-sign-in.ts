"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { notify } from "@/lib/notify";
import { returnAfterLogin } from "@/web/route-guards";
import { useAuth } from "./auth-provider";
import type { LoginAnswer } from "./auth-schemas";

/**
 * The end of a sign-in step: a session signs in and opens the dashboard (with the success toast);
 * a two-factor challenge goes on to the second step (`onSecondStep`).
 */
export function useFinishSignIn(onSecondStep?: (challenge: string) => void) {
  const t = useTranslations("Login");
  const router = useRouter();
  const { signIn } = useAuth();
  return (answer: LoginAnswer) => {
    if ("mfaRequired" in answer) {
      onSecondStep?.(answer.challenge);
      return;
    }
    signIn(answer);
    // Signing in to go on somewhere (the webshop's sign-in): back there, as a full page load,
    // since it is a route of the server's, not a page of the app.
    const back = returnAfterLogin(new URLSearchParams(window.location.search).get("next"));
    if (back) {
      window.location.assign(back);
      return;
    }
    notify.success(t("success"));
    router.replace("/dashboard");
    router.refresh();
  };
}
