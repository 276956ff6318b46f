/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Callbacks passed to page.evaluate and locator.evaluate run in the page, hence the DOM types.
import type { Locator, Page } from "playwright-core";

/**
 * What a screen reader hears as a control's description: the text of every element its
 * `aria-describedby` names, and whether it is marked `aria-invalid`.
 */
export async function describedBy(control: Locator): Promise<{ invalid: boolean; text: string }> {
  return control.evaluate((el) => ({
    invalid: el.getAttribute("aria-invalid") === "true",
    text: (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent?.trim() ?? "").join(" "),
  }));
}

/**
 * Field errors that are not tied to their field, as readable lines (empty when all are): every
 * shown field error must have an id that an `aria-invalid` control (or a fieldset, for a problem
 * of its fields together, a button, for a problem of what it asks for, or a table, for a list
 * that could not be read) names in `aria-describedby`, and every `aria-invalid` control must
 * name only elements that exist and say something.
 */
export async function untiedFieldErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const shown = (el: Element) => el instanceof HTMLElement && el.offsetParent !== null;
    const controls = [...document.querySelectorAll<HTMLElement>("input, select, textarea, fieldset, button, table")];
    const names = (el: Element) => (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    for (const error of document.querySelectorAll(".field-error")) {
      if (!shown(error)) continue;
      const text = error.textContent?.trim() ?? "";
      const owner = error.id ? controls.find((c) => names(c).includes(error.id)) : undefined;
      if (!owner) problems.push(`no control points to the error "${text}"`);
      // A group, a button or a table takes no aria-invalid (ARIA gives it to the controls that hold a
      // value): its description ties the problem.
      else if (owner.matches("input, select, textarea") && owner.getAttribute("aria-invalid") !== "true") problems.push(`#${owner.id} points to "${text}" without aria-invalid`);
    }
    for (const control of controls) {
      if (control.getAttribute("aria-invalid") !== "true") continue;
      const ids = names(control);
      if (ids.length === 0) problems.push(`#${control.id} is aria-invalid with no description`);
      for (const id of ids) {
        const target = document.getElementById(id);
        if (!target || !target.textContent?.trim()) problems.push(`#${control.id} points to "${id}", which is missing or empty`);
      }
    }
    return problems;
  });
}
