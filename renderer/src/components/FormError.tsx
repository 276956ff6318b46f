/** A form's error, announced to screen readers as it appears. */
export function FormError({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return <p className="form-error" role="alert" id={id}>{message}</p>;
}
