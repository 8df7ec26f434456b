"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/**
 * A disclosure menu of the header: a button that shows a list. Escape closes it and gives the
 * focus back to the button (it would otherwise fall to <body>); a click outside closes it; a
 * navigation closes it.
 */
export function HeaderMenu({
  button,
  buttonClassName,
  menuClassName,
  className,
  children,
}: {
  button: ReactNode;
  buttonClassName: string;
  menuClassName: string;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const pathname = usePathname();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path by design.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  return (
    <div className={`relative ${className ?? ""}`} ref={root}>
      <button
        ref={toggle}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {button}
      </button>
      {open && (
        <ul id={menuId} className={menuClassName}>
          {children}
        </ul>
      )}
    </div>
  );
}
