import type { ReactNode } from "react";

/** A label, its control and the control's inline error, tied together for screen readers. */
export function Field({ id, label, error, warning, children }: { id: string; label: string; error?: string; warning?: string; children: ReactNode }) {
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <p className="field-error" id={`${id}-error`} role="alert">{error}</p>}
      {!error && warning && <p className="field-warning" id={`${id}-warning`}>{warning}</p>}
    </div>
  );
}
