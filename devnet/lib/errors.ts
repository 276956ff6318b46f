/** An error the devnet command explains to the user; `hint` says what to do next. */
export class DevnetError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "DevnetError";
  }
}
