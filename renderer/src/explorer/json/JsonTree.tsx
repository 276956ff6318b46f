import { useState } from "react";
import type { JsonValue } from "../../../../shared/primitives.js";
import { ChainText } from "../../components/text/ChainText.js";
import { entries, isContainer, PAGE, summary } from "./json-model.js";
import { onTreeFocus, onTreeKeyDown } from "./tree-keys.js";

/**
 * A JSON value as a tree that renders lazily: a collapsed node renders no children at all, and
 * an open one renders them a page at a time, so a multi-megabyte answer costs what is visible.
 * One tab stop; arrow keys walk it as a WAI-ARIA tree (tree-keys.ts).
 */
export function JsonTree({ value, label = "root", openDepth = 1 }: { value: JsonValue; label?: string; openDepth?: number }) {
  return (
    <ul className="json-tree" role="tree" aria-label={label} onKeyDown={onTreeKeyDown} onFocus={onTreeFocus}>
      <JsonNode name={label} value={value} depth={0} openDepth={openDepth} />
    </ul>
  );
}

function JsonNode({ name, value, depth, openDepth }: { name: string; value: JsonValue; depth: number; openDepth: number }) {
  const [open, setOpen] = useState(depth < openDepth);
  const [shown, setShown] = useState(PAGE);
  if (!isContainer(value)) {
    return (
      <li role="treeitem" className="json-leaf" aria-level={depth + 1} tabIndex={depth === 0 ? 0 : -1}>
        <span className="json-key"><ChainText value={name} /></span>: <Scalar value={value} />
      </li>
    );
  }
  const kids = open ? entries(value) : [];
  return (
    <li role="treeitem" aria-expanded={open} aria-level={depth + 1} tabIndex={depth === 0 ? 0 : -1}>
      <button type="button" className="json-toggle" tabIndex={-1} onClick={() => setOpen(!open)} aria-label={`${open ? "Collapse" : "Expand"} ${name}`}>
        {open ? "▾" : "▸"}
      </button>
      <span className="json-key"><ChainText value={name} /></span> <span className="muted">{summary(value)}</span>
      {open && (
        <ul role="group">
          {kids.slice(0, shown).map(([k, v]) => (
            <JsonNode key={k} name={k} value={v} depth={depth + 1} openDepth={openDepth} />
          ))}
          {kids.length > shown && (
            <li>
              <button type="button" className="secondary small" onClick={() => setShown(shown + PAGE)}>
                Show {Math.min(PAGE, kids.length - shown)} more of {kids.length - shown}
              </button>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

function Scalar({ value }: { value: string | number | boolean | null }) {
  if (typeof value === "string") return <span className="json-string">"<ChainText value={value} />"</span>;
  return <span className="json-scalar">{String(value)}</span>;
}
