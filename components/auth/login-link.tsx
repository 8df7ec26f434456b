import Link from "next/link";
import type { ReactNode } from "react";
import { linkClass } from "@/components/ui/styles";

/** A paragraph with the way back to the login page; `children` is the link's text. */
export function LoginLink({ className, children }: { className: string; children: ReactNode }) {
  return (
    <p className={className}>
      <Link href="/login" className={linkClass}>
        {children}
      </Link>
    </p>
  );
}
