"use client";

import { useFormatter, useTranslations } from "next-intl";
import type { z } from "zod";
import type { metricsSummarySchema } from "@/lib/schemas/admin";

type MetricsSummary = z.infer<typeof metricsSummarySchema>;

const factClass = "rounded-xl border border-slate-200 bg-slate-50 p-3";

/** An age in the largest unit that keeps it readable: 42 s, 17 min, 3 h 5 min. */
function ageParts(seconds: number): {
  key: "ageSeconds" | "ageMinutes" | "ageHours";
  values: Record<string, number>;
} {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return { key: "ageSeconds", values: { seconds: whole } };
  if (whole < 3600) return { key: "ageMinutes", values: { minutes: Math.floor(whole / 60) } };
  return {
    key: "ageHours",
    values: { hours: Math.floor(whole / 3600), minutes: Math.floor((whole % 3600) / 60) },
  };
}

/**
 * The main figures of the API instance that answered, since it started (the same counters its
 * /metrics serves), and the mail outbox, which is the database's and so every instance's. The
 * text says what each number is; nothing depends on colour.
 */
export function DashboardServerMetrics({ metrics }: { metrics: MetricsSummary }) {
  const t = useTranslations("AdminArea.serverStatus.metrics");
  const format = useFormatter();
  const since = new Date(metrics.since);
  const { pending, oldestPendingSeconds } = metrics.mailOutbox;
  const age = oldestPendingSeconds === null ? null : ageParts(oldestPendingSeconds);

  const facts: Array<{ id: string; label: string; value: string }> = [
    { id: "requests", label: t("requests"), value: t("count", { count: metrics.requests }) },
    {
      id: "p95",
      label: t("p95"),
      value:
        metrics.requestP95Ms === null ? t("noRequests") : t("milliseconds", { ms: metrics.requestP95Ms }),
    },
    { id: "server-errors", label: t("serverErrors"), value: t("count", { count: metrics.serverErrors }) },
    {
      id: "sign-in-failures",
      label: t("signInFailures"),
      value: t("count", { count: metrics.signInFailures }),
    },
    {
      id: "rate-limit-refusals",
      label: t("rateLimitRefusals"),
      value: t("count", { count: metrics.rateLimitRefusals }),
    },
    { id: "job-failures", label: t("jobFailures"), value: t("count", { count: metrics.jobFailures }) },
    {
      id: "outbox-pending",
      label: t("outboxPending"),
      value: pending === null ? t("unknown") : t("count", { count: pending }),
    },
    {
      id: "outbox-oldest",
      label: t("outboxOldest"),
      value: age === null ? t("unknown") : pending === 0 ? t("noneWaiting") : t(age.key, age.values),
    },
  ];

  return (
    <section aria-labelledby="server-metrics-heading">
      <h3 id="server-metrics-heading" className="mt-6 font-semibold text-slate-900">
        {t("heading")}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {t("note", {
          since: Number.isNaN(since.getTime())
            ? "–"
            : format.dateTime(since, { dateStyle: "medium", timeStyle: "short" }),
        })}
      </p>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {facts.map((fact) => (
          <div key={fact.id} className={factClass}>
            <dt className="text-sm text-slate-700">{fact.label}</dt>
            <dd className="mt-1 font-semibold text-slate-900 tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
