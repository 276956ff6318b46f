import { useState } from "react";

/**
 * Copies a value (an address, a hash) and says so; the value itself is never changed. What it
 * says belongs to the value copied: a list that reuses the button for another row's value (the
 * transfer list's rows are kept by slot) shows "Copy" again without remounting it.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [done, setDone] = useState<{ value: string; result: "copied" | "failed" }>();
  const copy = async () => {
    let result: "copied" | "failed";
    try {
      await navigator.clipboard.writeText(value);
      result = "copied";
    } catch {
      result = "failed";
    }
    const said = { value, result } as const;
    setDone(said);
    setTimeout(() => setDone((now) => (now === said ? undefined : now)), 1500);
  };
  const shown = done?.value === value ? done.result : undefined;
  return (
    <button type="button" className="secondary small" aria-label={label} onClick={() => void copy()}>
      {shown === "copied" ? "Copied" : shown === "failed" ? "Copy failed" : "Copy"}
    </button>
  );
}
