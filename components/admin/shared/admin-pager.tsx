"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select";
import { PAGE_SIZES } from "@/lib/constants";

/**
 * Previous and Next for a paged admin list. A button reaching a bound is disabled, so focus
 * moves to the other one first and the keyboard user keeps their place.
 */
export function AdminPager({
  label,
  summary,
  page,
  pageCount,
  previousLabel,
  nextLabel,
  onPage,
}: {
  label: string;
  summary: string;
  page: number;
  pageCount: number;
  previousLabel: string;
  nextLabel: string;
  onPage: (page: number) => void;
}) {
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const go = (target: number, from: "previous" | "next") => {
    const bounded = Math.min(Math.max(target, 1), pageCount);
    if (from === "next" && bounded >= pageCount) previousRef.current?.focus();
    if (from === "previous" && bounded <= 1) nextRef.current?.focus();
    onPage(bounded);
  };
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-slate-800">{summary}</p>
      <div className="flex gap-2">
        <Button
          ref={previousRef}
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => go(page - 1, "previous")}
        >
          {previousLabel}
        </Button>
        <Button
          ref={nextRef}
          variant="secondary"
          size="sm"
          disabled={page >= pageCount}
          onClick={() => go(page + 1, "next")}
        >
          {nextLabel}
        </Button>
      </div>
    </nav>
  );
}

/** The rows-per-page select of a paged admin list; a new size starts again at page 1. */
export function PageSizeField({
  name,
  label,
  pageSize,
  onChange,
}: {
  /** The field's name when its form also works as a plain GET. */
  name?: string;
  label: string;
  pageSize: number;
  onChange: (change: { pageSize: number; page: 1 }) => void;
}) {
  return (
    <SelectField
      label={label}
      name={name}
      value={pageSize}
      onChange={(value) => onChange({ pageSize: Number(value), page: 1 })}
    >
      {PAGE_SIZES.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </SelectField>
  );
}
