"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { saveBlob } from "@/components/ui/save-download";
import { notify } from "@/lib/notify";
import type { SubHeading } from "./second-factor-form";

/**
 * The ten recovery codes, shown once (after turning two-factor sign-in on or asking for new
 * codes): to copy or download, then done, or on to the admin area for an admin sent to set up.
 */
export function RecoveryCodes({
  sub: Sub,
  codes,
  adminContinue,
  onDone,
}: {
  sub: SubHeading;
  codes: string[];
  adminContinue: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("TwoFactor");
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The codes replace the form the member just used: their heading takes the focus, so a screen
  // reader announces them and the keyboard continues from there.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      notify.success(t("copied"));
    } catch {
      notify.error(t("copyFailed"));
    }
  };

  const download = () =>
    saveBlob(
      new Blob([`${t("downloadHeader")}\n\n${codes.join("\n")}\n`], { type: "text/plain;charset=utf-8" }),
      "recovery-codes.txt",
    );

  return (
    <div className="space-y-3">
      <Sub ref={headingRef} tabIndex={-1} className="font-medium text-slate-900 focus:outline-none">
        {t("recoveryTitle")}
      </Sub>
      <p className="text-sm text-slate-700">{t("recoveryHint")}</p>
      <ol
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-1 rounded-lg bg-slate-100 p-3 font-mono text-slate-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {t("copy")}
        </Button>
        <Button variant="secondary" onClick={download}>
          {t("download")}
        </Button>
        {adminContinue ? (
          <Link href="/admin/dashboard" className={buttonClass()}>
            {t("continueToAdmin")}
          </Link>
        ) : (
          <Button onClick={onDone}>{t("done")}</Button>
        )}
      </div>
    </div>
  );
}
