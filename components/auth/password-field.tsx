"use client";

import { useTranslations } from "next-intl";
import { type ComponentProps, forwardRef, useState } from "react";
import { inputClass } from "@/components/ui/form-field";

/** A password input with the show-password toggle of spec §2. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<ComponentProps<"input">, "type">>(
  function PasswordField(props, ref) {
    const t = useTranslations("Login");
    const [visible, setVisible] = useState(false);
    return (
      <div className="relative">
        <input ref={ref} {...props} type={visible ? "text" : "password"} className={`${inputClass} pr-24`} />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-controls={props.id}
          className="absolute inset-y-1 right-1 rounded-md px-2 text-sm font-medium text-brand-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {visible ? t("hidePassword") : t("showPassword")}
        </button>
      </div>
    );
  },
);
