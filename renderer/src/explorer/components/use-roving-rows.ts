import type { Virtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from "react";

/** Rows a PageUp/PageDown moves. */
const PAGE = 10;

/**
 * Keyboard use of a virtualised list: one row in the tab order (roving tabindex), Up/Down,
 * PageUp/PageDown, Home and End move the focus (scrolling the row into view first, since it may
 * not be rendered yet), Enter opens the focused row. Rows carry `data-index`. The focus follows
 * a row's key, so a live list that grows at the top keeps it on the same row.
 */
export function useRovingRows(rowKeys: readonly string[], virtual: Virtualizer<HTMLDivElement, Element>, scroller: RefObject<HTMLDivElement | null>, open: (index: number) => void) {
  const [activeKey, setActiveKey] = useState<string | undefined>();
  const wantsFocus = useRef(false);
  const count = rowKeys.length;
  const found = activeKey === undefined ? -1 : rowKeys.indexOf(activeKey);
  const current = found < 0 ? 0 : found;

  // After each render: once the wanted row is in the DOM, it takes the focus.
  useEffect(() => {
    if (!wantsFocus.current) return;
    const row = scroller.current?.querySelector<HTMLElement>(`[data-index="${current}"]`);
    if (row) {
      wantsFocus.current = false;
      row.focus({ preventScroll: true });
    }
  });

  const move = (to: number) => {
    if (count === 0) return;
    const i = Math.max(0, Math.min(count - 1, to));
    wantsFocus.current = true;
    setActiveKey(rowKeys[i]);
    virtual.scrollToIndex(i, { align: "auto" });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const onRow = e.target instanceof HTMLElement && e.target.dataset.index !== undefined;
    const to = { ArrowDown: current + 1, ArrowUp: current - 1, PageDown: current + PAGE, PageUp: current - PAGE, Home: 0, End: count - 1 }[e.key];
    if (to !== undefined) move(to);
    // Enter on a link inside a row is the link's; on the row itself it opens the row.
    else if (e.key === "Enter" && onRow) open(current);
    else return;
    e.preventDefault();
  };

  const rowProps = (index: number) => ({
    "data-index": index,
    tabIndex: index === current ? 0 : -1,
    onFocus: (e: { target: EventTarget; currentTarget: EventTarget }) => {
      if (e.target === e.currentTarget) setActiveKey(rowKeys[index]);
    },
  });

  return { onKeyDown, rowProps, active: current };
}
