import type { CSSProperties } from "react";

type Shape = { size: string; top: string; left: string; delay: string };
type Line = { top: string; delay: string; duration: string };

const SHAPES: Shape[] = [
  { size: "28rem", top: "-8rem", left: "-6rem", delay: "0s" },
  { size: "18rem", top: "55%", left: "8%", delay: "-6s" },
  { size: "22rem", top: "12%", left: "68%", delay: "-11s" },
  { size: "14rem", top: "72%", left: "78%", delay: "-3s" },
];
const LINES: Line[] = [
  { top: "18%", delay: "0s", duration: "14s" },
  { top: "46%", delay: "-5s", duration: "18s" },
  { top: "81%", delay: "-9s", duration: "16s" },
];

/**
 * The page background. `animated` is decided on the server from the user agent: mobile devices
 * get the plain gradient. Visitors who prefer reduced motion get no motion (globals.css).
 */
export function Background({ animated }: { animated: boolean }) {
  return (
    <div
      className="app-background"
      aria-hidden="true"
      data-testid="app-background"
      data-variant={animated ? "animated" : "plain"}
    >
      {animated &&
        SHAPES.map((shape) => (
          <span
            key={`${shape.top}-${shape.left}`}
            className="app-background__shape"
            style={
              {
                width: shape.size,
                height: shape.size,
                top: shape.top,
                left: shape.left,
                animationDelay: shape.delay,
              } satisfies CSSProperties
            }
          />
        ))}
      {animated &&
        LINES.map((line) => (
          <span
            key={line.top}
            className="app-background__line"
            style={{ top: line.top, animationDelay: line.delay, animationDuration: line.duration }}
          />
        ))}
    </div>
  );
}
