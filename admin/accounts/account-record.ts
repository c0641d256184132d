/**
 * A customer account between the API and the console's form: what a save sends is the schema's
 * `customerAccountInput` (the fields the server keeps, its house, currency, version and times, left
 * out), with the rows and the stop the form edits in plain words made whole.
 */
import { schemaDocuments } from '../../schema/documents';
import type { CustomerAccount } from '../../schema/types.generated';
import { withoutEmptyValues } from '../schema-form/fields';

const INPUT_FIELDS = Object.keys(schemaDocuments.customerAccount.$defs.customerAccountInput.properties);

/** What the console's form holds of an account: the record, the credit limit in the currency's major units. */
export type AccountFormValues = Partial<CustomerAccount> & { id?: string };

/**
 * The account to send from the form's values: members added now are dated now; a stop with a
 * reason keeps when and by whom it was first put (`by` for a new one); a stop with no reason is none.
 */
export function accountToSave(
  values: AccountFormValues,
  previous: Partial<CustomerAccount> | undefined,
  by: string,
  now = new Date(),
): Record<string, unknown> {
  const at = now.toISOString();
  const reason = values.onStop?.reason?.trim();
  const record: Record<string, unknown> = {
    ...values,
    members: (values.members ?? [])
      .filter((member) => member?.email?.trim())
      .map((member) => ({ ...member, email: member.email.trim().toLowerCase(), addedAt: member.addedAt ?? at })),
    onStop: reason ? { reason, since: previous?.onStop?.since ?? at, by: previous?.onStop?.by ?? by } : undefined,
    // An exemption is a certificate: with no number typed there is none (its "covers" choice alone is no certificate).
    exemption: values.exemption?.number?.trim() ? values.exemption : undefined,
    creditLimit: values.creditLimit ?? undefined,
  };
  const input = Object.fromEntries(
    Object.entries(withoutEmptyValues(record)).filter(([key]) => INPUT_FIELDS.includes(key)),
  );
  return input;
}

/** How the terms read in a list: "Card hold", "Net 30", "Net 30, deposit on a card". */
export function termsText(
  terms: CustomerAccount['terms'] | undefined,
  words: { card: string; net: (days: number) => string; deposit: string },
): string {
  if (!terms || terms.method !== 'account') return words.card;
  const net = words.net(terms.netDays ?? 30);
  return terms.deposit === 'card' ? `${net}, ${words.deposit}` : net;
}
