"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * After a client-side page change the focus would stay on the link that was followed (or fall to
 * <body> where that link is gone); a keyboard user then starts in the middle of the new page.
 * This puts the focus back at the start of the document, so the next Tab reaches the skip link
 * first, as after a full page load. Rendered just before the skip link.
 */
export function RouteFocus() {
  const pathname = usePathname();
  const start = useRef<HTMLDivElement>(null);
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path by design.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    start.current?.focus({ preventScroll: true });
  }, [pathname]);

  return <div ref={start} tabIndex={-1} data-route-focus className="outline-none" />;
}
