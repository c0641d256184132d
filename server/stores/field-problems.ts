/**
 * A write refused for problems in named places of what was sent (JSON pointers): answered 400 with
 * `errors` keyed by field path (`items.0.quantity`), as react-admin and the storefront's forms show
 * them (plugins/app/errors.ts). Items and quote requests are refused this way.
 */
export class FieldProblemsError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly problems: ReadonlyArray<{ pointer: string; message: string }>,
    message = `Not saved: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix`,
  ) {
    super(message);
  }
}
