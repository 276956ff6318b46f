import { type RefObject, useEffect, useRef } from "react";

/**
 * Where the keyboard lands when the button that did the work is gone: a Cancel transfer button
 * is not rendered once the transfer is cancelled, and the browser drops the focus it had on the
 * page's body. Call `arm()` once the work succeeded; after the render where `gone` holds, the
 * element `target` is on takes the focus (give it `tabIndex={-1}`), unless the user already
 * moved the focus elsewhere.
 */
export function useFocusAfter<T extends HTMLElement>(gone: boolean): { target: RefObject<T | null>; arm: () => void } {
  const target = useRef<T>(null);
  const armed = useRef(false);
  useEffect(() => {
    if (!gone || !armed.current) return;
    armed.current = false;
    const now = document.activeElement;
    if (now === null || now === document.body) target.current?.focus();
  });
  return { target, arm: () => void (armed.current = true) };
}
