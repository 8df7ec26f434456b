"use client";

import {
  forwardRef,
  type PointerEvent,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from "react";

type Point = { x: number; y: number };
type Size = { width: number; height: number };

/** Spec §9: the signature canvas is 400×120 CSS px, 280×100 on small screens; strokes 2 px. */
const LARGE: Size = { width: 400, height: 120 };
const SMALL: Size = { width: 280, height: 100 };
/** The large canvas needs its 400 px plus a little room around it. */
const LARGE_MIN_CONTAINER_PX = 420;
const STROKE_WIDTH = 2;
const INK = "#0f172a";

export type SignaturePadHandle = {
  /** The drawing as a PNG data URL, or null when nothing is drawn. */
  toDataUrl: () => string | null;
  clear: () => void;
};

/**
 * A drawing surface for a signature: pointer events, so mouse, pen and touch all draw; the
 * backing store follows devicePixelRatio so strokes stay sharp. Strokes are kept in CSS pixels
 * and drawn again when the canvas changes size (a resized canvas loses its pixels).
 */
export const SignaturePad = forwardRef<
  SignaturePadHandle,
  { label: string; disabled?: boolean; onChange: (hasInk: boolean) => void }
>(function SignaturePad({ label, disabled = false, onChange }, ref) {
  const container = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef<number | null>(null);
  const [size, setSize] = useState<Size>(LARGE);

  // The container's width chooses the size; it changes with the window (and is 0 while hidden).
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const choose = () => setSize(element.clientWidth < LARGE_MIN_CONTAINER_PX ? SMALL : LARGE);
    choose();
    const observer = new ResizeObserver(choose);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const context = useCallback(() => canvas.current?.getContext("2d") ?? null, []);

  const redraw = useCallback(() => {
    const element = canvas.current;
    const ctx = context();
    if (!element || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(size.width * ratio);
    element.height = Math.round(size.height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.lineWidth = STROKE_WIDTH;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = INK;
    ctx.fillStyle = INK;
    for (const stroke of strokes.current) drawStroke(ctx, stroke);
  }, [context, size]);

  useEffect(redraw, [redraw]);

  const clear = useCallback(() => {
    strokes.current = [];
    redraw();
    onChange(false);
  }, [redraw, onChange]);

  useImperativeHandle(
    ref,
    () => ({
      toDataUrl: () => (strokes.current.length > 0 ? (canvas.current?.toDataURL("image/png") ?? null) : null),
      clear,
    }),
    [clear],
  );

  const pointAt = (element: HTMLCanvasElement, at: { clientX: number; clientY: number }): Point => {
    const box = element.getBoundingClientRect();
    // The canvas may be scaled by CSS (max-width); map back to its own CSS-pixel size.
    return {
      x: ((at.clientX - box.left) / box.width) * size.width,
      y: ((at.clientY - box.top) / box.height) * size.height,
    };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || (event.pointerType === "mouse" && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = event.pointerId;
    const stroke = [pointAt(event.currentTarget, event)];
    strokes.current.push(stroke);
    const ctx = context();
    if (ctx) drawStroke(ctx, stroke);
    onChange(true);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== event.pointerId) return;
    const stroke = strokes.current.at(-1);
    const ctx = context();
    if (!stroke || !ctx) return;
    // Coalesced events keep fast strokes smooth where the browser offers them.
    const element = event.currentTarget;
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const points = (events.length > 0 ? events : [event]).map((at) => pointAt(element, at));
    for (const point of points) {
      const previous = stroke.at(-1) ?? point;
      stroke.push(point);
      ctx.beginPath();
      ctx.moveTo(previous.x, previous.y);
      ctx.lineTo(point.x, point.y);
      ctx.stroke();
    }
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current !== event.pointerId) return;
    drawing.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };

  return (
    <div ref={container} className="w-full">
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        style={{ width: size.width, height: size.height }}
        className={`block max-w-full touch-none rounded-lg border-2 border-dashed border-slate-400 bg-white ${disabled ? "cursor-not-allowed opacity-70" : "cursor-crosshair"}`}
      />
    </div>
  );
});

/** One stroke: a dot for a single point (a tap), else line segments through its points. */
function drawStroke(ctx: CanvasRenderingContext2D, stroke: Point[]) {
  const [first, ...rest] = stroke;
  if (!first) return;
  if (rest.length === 0) {
    ctx.beginPath();
    ctx.arc(first.x, first.y, STROKE_WIDTH / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.beginPath();
  ctx.moveTo(first.x, first.y);
  for (const point of rest) ctx.lineTo(point.x, point.y);
  ctx.stroke();
}
