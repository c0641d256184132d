/**
 * A document checked against its schema before a store writes it: the document when the schema
 * accepts it, an Error naming each problem otherwise (a server bug, never a visitor's input: routes
 * check that first, with located messages).
 */
import { problemsFromAjv } from '../../schema/ajv-messages';
import { getAjv } from '../../schema/node/ajv';

export const listedProblems = (problems: ReadonlyArray<{ pointer: string; message: string }>) =>
  problems.map((problem) => `${problem.pointer} ${problem.message}`).join('; ');

/** A checker for one schema; `what` names the document in the error ("a set list"). */
export function schemaChecked<T>(schemaId: string, what: string): (document: T) => T {
  return (document) => {
    const validate = getAjv().getSchema(schemaId)!;
    if (!validate(document))
      throw new Error(`${what} does not fit its schema: ${listedProblems(problemsFromAjv(validate.errors))}`);
    return document;
  };
}
