"use client";

import { useTranslations } from "next-intl";
import { type ComponentProps, forwardRef, useState } from "react";
import { Input } from "@/components/ui/input";

/**
 * A password input with a show-password toggle. The toggle sits beside the input, not on top of
 * it, so a long password (or a longer label in another language) is never hidden under it.
 */
export const PasswordField = forwardRef<HTMLInputElement, Omit<ComponentProps<"input">, "type">>(
  function PasswordField(props, ref) {
    const t = useTranslations("Login");
    const [visible, setVisible] = useState(false);
    return (
      <div className="flex items-stretch gap-2">
        <Input ref={ref} {...props} type={visible ? "text" : "password"} className="min-w-0 flex-1" />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-controls={props.id}
          className="shrink-0 whitespace-nowrap rounded-lg border border-slate-400 bg-white px-3 text-sm font-medium text-brand-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {visible ? t("hidePassword") : t("showPassword")}
        </button>
      </div>
    );
  },
);
