"use client";

import { type KeyboardEvent, type SyntheticEvent, useCallback, useEffect, useRef, useState } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/**
 * A modal <dialog> that fades in when mounted and fades out before it unmounts (the
 * media viewer closes with a 200 ms fade, other modals with 300 ms). showModal() makes the
 * page behind inert; Tab additionally cycles inside the dialog, Escape closes with the fade,
 * and focus returns to where it was. With prefers-reduced-motion there is no fade.
 * Used by the media viewer and the permission modal.
 */
export function useAnimatedDialog({ fadeMs, onClosed }: { fadeMs: number; onClosed: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [visible, setVisible] = useState(false);
  const closing = useRef(false);
  const onClosedRef = useRef(onClosed);
  useEffect(() => {
    onClosedRef.current = onClosed;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    // One frame at opacity 0 first, so the transition has a start to run from.
    const frame = window.requestAnimationFrame(() => setVisible(true));
    return () => {
      window.cancelAnimationFrame(frame);
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);

  const requestClose = useCallback(() => {
    if (closing.current) return;
    closing.current = true;
    setVisible(false);
    window.setTimeout(() => onClosedRef.current(), prefersReducedMotion() ? 0 : fadeMs);
  }, [fadeMs]);

  const dialogProps = {
    ref: dialogRef,
    "aria-modal": true,
    // Escape fires cancel: keep the dialog open until the fade has run.
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      requestClose();
    },
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      if (event.key !== "Tab") return;
      const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) => element.offsetParent !== null || element === document.activeElement,
      );
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    },
    style: { transitionDuration: `${fadeMs}ms` },
    className: `transition-opacity ease-out motion-reduce:transition-none ${visible ? "opacity-100" : "opacity-0"}`,
  };
  return { dialogProps, requestClose, visible };
}
