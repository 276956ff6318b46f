import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * A button whose work can take a while (a dry run, a console call, a save). While it runs, the
 * button says so and does nothing more when pressed, but it is not `disabled`: a disabled button
 * loses the keyboard's focus, which Chromium drops on the page's body, so a keyboard user who
 * pressed Enter would start over from the top of the page. It is marked `aria-disabled` instead.
 * `disabled` is for a button that cannot be used at all (its form has a problem).
 */
export function BusyButton({ busy, busyLabel, disabled = false, type = "submit", className, onClick, testId, children, ...rest }: {
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  type?: "submit" | "button";
  className?: string;
  onClick?: () => void;
  testId?: string;
  children: ReactNode;
} & Pick<ButtonHTMLAttributes<HTMLButtonElement>, "title" | "aria-label" | "aria-describedby">) {
  return (
    <button
      {...rest}
      type={type}
      className={className}
      // eslint-disable-next-line no-restricted-syntax -- never disabled while busy: the rule's own component.
      disabled={disabled && !busy}
      aria-disabled={busy || undefined}
      data-testid={testId}
      onClick={(e) => {
        // A press while busy neither submits the form again nor runs the work twice.
        if (busy) return e.preventDefault();
        onClick?.();
      }}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
