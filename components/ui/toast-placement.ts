import { TOAST } from "@/lib/constants";

/** A box on the screen, in viewport pixels (what getBoundingClientRect gives). */
export type Box = { top: number; right: number; bottom: number; left: number };

/** Below this width sonner lays toasts across the whole screen (its own breakpoint). */
const FULL_WIDTH_BELOW_PX = 600;
/** Height of one toast, for placing them before one is on the screen. */
const TOAST_HEIGHT_PX = 64;

export type ToastPlacementInput = {
  viewport: { width: number; height: number };
  /** The page's header (language switch, menus), or null on a page without one. */
  header: Box | null;
  /** The element that has the focus, when it is a control of the page. */
  focused: Box | null;
  /** Height of the toast stack on the screen now (0 when none is shown). */
  stackHeight: number;
};

/** The horizontal band the toasts take: top-right, or the whole width on a narrow screen. */
function toastColumn(viewportWidth: number): { left: number; right: number } {
  const right = viewportWidth - TOAST.marginPx;
  if (viewportWidth < FULL_WIDTH_BELOW_PX) return { left: TOAST.marginPx, right };
  return { left: right - TOAST.maxWidthPx, right };
}

/**
 * Distance of the toasts from the top of the screen, so that they never cover a control: they
 * start below the header while any of it is in view (its language switch and menus sit top-right,
 * where toasts go), and below the focused control when they would otherwise cover it, unless
 * there is no room left beneath it (then they stay put, above it).
 */
export function toastTop({ viewport, header, focused, stackHeight }: ToastPlacementInput): number {
  let top = Math.max(0, Math.round(header?.bottom ?? 0)) + TOAST.marginPx;
  if (!focused) return top;
  const column = toastColumn(viewport.width);
  const height = Math.max(stackHeight, TOAST_HEIGHT_PX);
  const overlaps =
    focused.left < column.right &&
    focused.right > column.left &&
    focused.top < top + height &&
    focused.bottom > top;
  const below = Math.round(focused.bottom) + TOAST.marginPx;
  if (overlaps && below + height <= viewport.height) top = below;
  return top;
}
