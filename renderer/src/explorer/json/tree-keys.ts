import type { KeyboardEvent } from "react";

/**
 * Keyboard use of a JSON tree, after the WAI-ARIA tree view pattern
 * (https://www.w3.org/WAI/ARIA/apg/patterns/treeview/): Up/Down move through the visible items,
 * Home/End to the first and last, Right opens a closed node or enters an open one, Left closes an
 * open node or goes to the parent, Enter toggles. The tree renders no children of a closed node,
 * so every treeitem in the DOM is a visible one, in order.
 *
 * Only one item is in the tab order (roving tabindex). Items render with tabIndex -1 (the root 0)
 * and this moves the 0 by hand: React leaves an attribute alone while its prop does not change.
 */
export function onTreeKeyDown(e: KeyboardEvent<HTMLElement>): void {
  const tree = e.currentTarget;
  const item = e.target instanceof HTMLElement ? e.target.closest<HTMLElement>('[role="treeitem"]') : null;
  if (!item || !tree.contains(item)) return;
  const items = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
  const i = items.indexOf(item);
  const expanded = item.getAttribute("aria-expanded");
  const toggle = () => item.querySelector<HTMLButtonElement>(":scope > .json-toggle")?.click();
  switch (e.key) {
    case "ArrowDown": move(item, items[i + 1]); break;
    case "ArrowUp": move(item, items[i - 1]); break;
    case "Home": move(item, items[0]); break;
    case "End": move(item, items.at(-1)); break;
    case "ArrowRight":
      if (expanded === "false") toggle();
      else if (expanded === "true") move(item, item.querySelector<HTMLElement>(':scope > [role="group"] > [role="treeitem"]') ?? undefined);
      break;
    case "ArrowLeft":
      if (expanded === "true") toggle();
      else move(item, item.parentElement?.closest<HTMLElement>('[role="treeitem"]') ?? undefined);
      break;
    case "Enter":
      if (expanded !== null && e.target === item) toggle();
      else return;
      break;
    default:
      return;
  }
  e.preventDefault();
}

function move(from: HTMLElement, to: HTMLElement | undefined): void {
  if (!to) return;
  from.tabIndex = -1;
  to.tabIndex = 0;
  to.focus();
}

/** Keeps the tab stop on the item the user clicked or tabbed to. */
export function onTreeFocus(e: { target: EventTarget; currentTarget: HTMLElement }): void {
  if (!(e.target instanceof HTMLElement) || e.target.getAttribute("role") !== "treeitem") return;
  for (const el of e.currentTarget.querySelectorAll<HTMLElement>('[role="treeitem"][tabindex="0"]')) if (el !== e.target) el.tabIndex = -1;
  e.target.tabIndex = 0;
}
