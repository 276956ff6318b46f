import type { ReactNode } from "react";
import { FieldProblem } from "./FieldProblem.js";

/** What a field's control needs to be tied to its error, warning and hint for screen readers. */
export interface ControlProps {
  readonly id: string;
  readonly "aria-invalid"?: true;
  readonly "aria-describedby"?: string;
}

/**
 * A label, its control and the control's inline error (or warning) and hint. The control gets
 * `aria-invalid` and `aria-describedby` from here, so no field can show an error that its
 * control does not point to.
 */
export function Field({ id, label, error, warning, hint, children }: { id: string; label: string; error?: string; warning?: string; hint?: ReactNode; children: (control: ControlProps) => ReactNode }) {
  const note = error ? `${id}-error` : warning ? `${id}-warning` : undefined;
  const describedBy = [note, hint ? `${id}-hint` : undefined].filter(Boolean).join(" ");
  return (
    <div className="field" data-invalid={error ? true : undefined}>
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      <FieldProblem id={id} problem={error} alert />
      {!error && warning && <p className="field-warning" id={`${id}-warning`}>{warning}</p>}
      {hint && <p className="field-hint muted" id={`${id}-hint`}>{hint}</p>}
    </div>
  );
}
