import { useState } from "react";

/** Copies a value (an address, a hash) and says so; the value itself is never changed. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [done, setDone] = useState<"copied" | "failed" | undefined>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setDone("copied");
    } catch {
      setDone("failed");
    }
    setTimeout(() => setDone(undefined), 1500);
  };
  return (
    <button type="button" className="secondary small" aria-label={label} onClick={() => void copy()}>
      {done === "copied" ? "Copied" : done === "failed" ? "Copy failed" : "Copy"}
    </button>
  );
}
