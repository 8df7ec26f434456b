import type { ReactNode } from "react";
import { VisitorHeader } from "@/components/layout/visitor-header";

/** Visitor pages: the header with only the language switcher above each page. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <VisitorHeader />
      {children}
    </>
  );
}
