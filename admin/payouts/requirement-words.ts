/**
 * What a payment provider still wants of a house (Stripe's `requirements.currently_due`, such as
 * `business_profile.url` or `individual.dob.day`), said in words a house's owner reads, each once:
 * the provider's field names mean nothing to them.
 */
const KNOWN: ReadonlyArray<[RegExp, string]> = [
  [/^business_profile\.url$/, 'Your business’s website'],
  [/^business_profile\.mcc$/, 'What kind of business it is'],
  [/^business_profile\.product_description$/, 'What your business rents out'],
  [/^business_profile\.support_phone$/, 'A phone number customers can call'],
  [/^business_type$/, 'Whether the business is a company or a sole trader'],
  [/^external_account$/, 'The bank account payouts go to'],
  [/^tos_acceptance\./, 'Accepting the provider’s terms of service'],
  [/^company\.tax_id$/, 'Your company’s tax number'],
  [/^company\.name$/, 'Your company’s legal name'],
  [/^company\.phone$/, 'Your company’s phone number'],
  [/^company\.address\./, 'Your company’s address'],
  [/^company\.(owners|directors|executives)_provided$/, 'Who owns and runs the company'],
  [/^(individual|representative)\.dob\./, 'Your date of birth'],
  [/^(individual|representative)\.address\./, 'Your home address'],
  [/^(individual|representative)\.(first_name|last_name)$/, 'Your name'],
  [/^(individual|representative)\.(email|phone)$/, 'Your email and phone number'],
  [/^(individual|representative)\.(ssn_last_4|id_number)$/, 'Your tax identification number'],
  [/^(individual|representative)\.verification\./, 'A photo of your ID'],
  [/^(individual|representative)\.relationship\./, 'Your role in the company'],
  [/^person_[^.]+\./, 'Details of a person who owns or runs the company'],
];

/** An unknown field's own words: its last part, spaced ("payouts_schedule" → "Payouts schedule"). */
const spaced = (field: string) => {
  const words = (field.split('.').at(-1) ?? field).replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The provider's wanted fields in words, each said once, in the order first wanted. */
export function requirementWords(fields: readonly string[]): string[] {
  return [...new Set(fields.map((field) => KNOWN.find(([pattern]) => pattern.test(field))?.[1] ?? spaced(field)))];
}
