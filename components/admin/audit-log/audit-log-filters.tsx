"use client";

import Form from "next/form";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectOptions } from "@/components/ui/select";
import type { AuditLogUrlQuery } from "./audit-log-query";

/**
 * The audit log's filters as a GET form: submitting puts them in the URL (so a link, reload or
 * back shows the same entries) and starts again at the newest entry. Works before any script.
 */
export function AuditLogFilters({ query, actions }: { query: AuditLogUrlQuery; actions: string[] }) {
  const t = useTranslations("AdminAuditLog.filters");
  const id = useId();
  // An action no longer in the list (a shared link) still shows as chosen.
  const options = query.action && !actions.includes(query.action) ? [query.action, ...actions] : actions;
  return (
    <Form action="/admin/audit-log" aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t("heading")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("action")}>
          {(control) => (
            <Select {...control} name="action" defaultValue={query.action ?? ""}>
              <SelectOptions empty={t("allActions")} values={options} text={(action) => action} />
            </Select>
          )}
        </Field>
        <Field label={t("email")} hint={t("emailHint")}>
          {(control) => (
            <Input
              {...control}
              type="search"
              name="email"
              defaultValue={query.email ?? ""}
              maxLength={200}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="secondary" size="sm">
          {t("apply")}
        </Button>
        <a href="/admin/audit-log" className={buttonClass({ variant: "secondary", size: "sm" })}>
          {t("clear")}
        </a>
      </div>
    </Form>
  );
}
