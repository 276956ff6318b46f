import { hasInvisible, shorten, visibleText } from "./visible-text.js";

/**
 * A string from the chain, rendered as text only: hidden characters made visible and the run
 * isolated (`unicode-bidi: isolate`), so it cannot reorder the text around it.
 */
export function ChainText({ value, max, className }: { value: string; max?: number; className?: string }) {
  const shown = visibleText(value);
  const cut = max === undefined ? shown : shorten(shown, max);
  const flagged = hasInvisible(value);
  return (
    <bdi className={`chain-text${flagged ? " has-hidden" : ""}${className ? ` ${className}` : ""}`} dir="ltr" title={cut === shown ? (flagged ? "contains hidden characters" : undefined) : shown}>
      {cut}
    </bdi>
  );
}
