import type { ReactNode } from "react";

/** The white panel public pages sit in, centred on the background. */
export function PublicCard({
  title,
  children,
  labelledBy,
}: {
  title: ReactNode;
  children: ReactNode;
  labelledBy: string;
}) {
  return (
    <main
      id="main"
      className="flex min-h-[calc(100vh-4rem)] items-start justify-center px-4 pb-16 pt-6 sm:items-center"
    >
      <section
        aria-labelledby={labelledBy}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8"
      >
        <h1 id={labelledBy} className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        <div className="mt-4">{children}</div>
      </section>
    </main>
  );
}
