/**
 * Checks one answer (from a flag or a prompt) against the schema definition it will be stored
 * under, so the CLI accepts exactly what the tenant files accept and says it in the same words.
 */
import { getAjv } from '../../schema/ajv';
import { problemsFromAjv } from '../../schema/ajv-messages';
import { schemaDocuments } from '../../schema/documents';

export type AnswerKind = 'tenantId' | 'hostname' | 'label' | 'email';

export function checkAnswer(kind: AnswerKind, value: string): true | string {
  const validate = getAjv().getSchema(`${schemaDocuments.defs.$id}#/$defs/${kind}`)!;
  if (validate(value)) return true;
  return problemsFromAjv(validate.errors)[0]?.message ?? 'is not valid';
}
