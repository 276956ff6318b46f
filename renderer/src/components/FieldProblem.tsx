/*
 * A field's problem tied to its control, for forms that lay their fields out themselves (the
 * send form's `Field` does both for its own): the control with id `id` points to the message,
 * whose id is `${id}-error`, so no field shows a problem its control does not name.
 */

/** The props that tie the control `id` to its problem, or none while it has none. */
export function tiedTo(id: string, problem: string | undefined): { "aria-invalid"?: true; "aria-describedby"?: string } {
  return problem ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
}

/**
 * The problem of the control `id`, shown under it; nothing while it has none. `alert`: said at
 * once by a screen reader too, for a problem that comes while the keyboard is elsewhere.
 */
export function FieldProblem({ id, problem, alert = false, testId }: { id: string; problem: string | undefined; alert?: boolean; testId?: string }) {
  return problem ? <p className="field-error" id={`${id}-error`} role={alert ? "alert" : undefined} data-testid={testId}>{problem}</p> : null;
}
