/**
 * A write refused for problems in named places of what was sent (JSON pointers): answered 400 with
 * `errors` keyed by field path (`items.0.quantity`), as react-admin and the storefront's forms show
 * them (plugins/app/errors.ts). Items and quote requests are refused this way. A 409 says the
 * fields were fine but what is stored stands in the way (the last unit is held by another hire).
 */
export class FieldProblemsError extends Error {
  constructor(
    readonly problems: ReadonlyArray<{ pointer: string; message: string }>,
    message = `Not saved: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix`,
    readonly statusCode: 400 | 409 = 400,
  ) {
    super(message);
  }
}
