/**
 * A grey placeholder of the size the content will have, so the page does not shift when it
 * arrives. Hidden from assistive technology: the region around it says it is busy. It pulses
 * unless the visitor asks for reduced motion.
 */
export function Skeleton({ className = "h-4 w-full" }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none ${className}`}
    />
  );
}
