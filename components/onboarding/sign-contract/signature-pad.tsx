"use client";

import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import SignatureCanvas from "react-signature-canvas";

type Size = { width: number; height: number };
type PointGroups = ReturnType<SignatureCanvas["toData"]>;

/** The signature canvas is 400×120 CSS px, 280×100 on small screens. */
const LARGE: Size = { width: 400, height: 120 };
const SMALL: Size = { width: 280, height: 100 };
/** The large canvas needs its 400 px plus a little room around it (the same rule as the CSS below). */
const LARGE_MIN_CONTAINER_PX = 420;
const INK = "#0f172a";

export type SignaturePadHandle = {
  /** The drawing as a PNG data URL, or null when nothing is drawn. */
  toDataUrl: () => string | null;
  clear: () => void;
};

/** The strokes of a drawing made at one size, scaled to another (a resize keeps the signature). */
export function scalePointGroups<P extends { x: number; y: number }>(
  groups: P[][],
  from: Size,
  to: Size,
): P[][] {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return groups.map((group) => group.map((point) => ({ ...point, x: point.x * sx, y: point.y * sy })));
}

/**
 * A drawing surface for a signature (react-signature-canvas over signature_pad: pointer events for
 * mouse, pen and touch, strokes smoothed into curves whose width follows the speed). The backing
 * store follows devicePixelRatio so strokes stay sharp; when the canvas changes size the strokes
 * are drawn again at the new scale instead of being lost.
 */
export const SignaturePad = forwardRef<
  SignaturePadHandle,
  { label: string; disabled?: boolean; onChange: (hasInk: boolean) => void }
>(function SignaturePad({ label, disabled = false, onChange }, ref) {
  const container = useRef<HTMLDivElement>(null);
  const pad = useRef<SignatureCanvas>(null);
  const drawnAt = useRef<Size | null>(null);
  const [size, setSize] = useState<Size>(LARGE);
  // The server's canvas (and the page until hydration) records no strokes: it shows the drawing
  // cursor only once the pad is set up, so nothing invites a stroke that would be lost.
  const [ready, setReady] = useState(false);

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

  // A canvas loses its pixels when its backing store changes size: keep the strokes and redraw.
  useEffect(() => {
    const signature = pad.current;
    if (!signature) return;
    const canvas = signature.getCanvas();
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const data = signature.toData();
    const previous = drawnAt.current ?? size;
    canvas.width = Math.round(size.width * ratio);
    canvas.height = Math.round(size.height * ratio);
    canvas.getContext("2d")?.scale(ratio, ratio);
    signature.clear();
    if (data.length > 0) signature.fromData(scalePointGroups(data, previous, size) as PointGroups);
    drawnAt.current = size;
    setReady(true);
  }, [size]);

  useEffect(() => {
    const signature = pad.current;
    if (!signature) return;
    if (disabled) signature.off();
    else signature.on();
  }, [disabled]);

  const clear = useCallback(() => {
    pad.current?.clear();
    onChange(false);
  }, [onChange]);

  useImperativeHandle(
    ref,
    () => ({
      toDataUrl: () => {
        const signature = pad.current;
        return signature && !signature.isEmpty() ? signature.toDataURL("image/png") : null;
      },
      clear,
    }),
    [clear],
  );

  const cursor = disabled ? "cursor-not-allowed opacity-70" : ready ? "cursor-crosshair" : "cursor-default";

  return (
    <div ref={container} className="@container w-full">
      <SignatureCanvas
        ref={pad}
        penColor={INK}
        minWidth={1}
        maxWidth={2.5}
        clearOnResize={false}
        onBegin={() => onChange(true)}
        canvasProps={{
          role: "img",
          "aria-label": label,
          // The size comes from CSS (a container query on the same 420 px rule), so the first
          // paint already has it: a size set from script after hydration moved the page below.
          className: `block h-[100px] w-[280px] max-w-full touch-none rounded-lg border-2 border-dashed border-slate-400 bg-white @min-[420px]:h-[120px] @min-[420px]:w-[400px] ${cursor}`,
        }}
      />
    </div>
  );
});
