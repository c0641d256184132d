/**
 * What the storefront's visitor forms take, from the schemas (never restated): the password's
 * length (defs `password`), the longest set-list and quote texts, and the profile fields a visitor edits themselves (user-profile
 * properties marked `x-ui.visitorEditable`, in schema order), each with its label, help, bounds
 * and input hints; plus the body schema the server validates those edits with. Runs on the server;
 * the client receives the result in its configuration (it never loads the schemas).
 */
import { PASSWORD_LENGTH } from './definitions';
import { schemaDocuments } from './documents';
import { effective, propertySchema, rootSchema } from './schema-walk';

export interface ProfileField {
  name: string;
  label: string;
  description?: string;
  maxLength?: number;
  /** The schema's pattern, as the input's `pattern` attribute. */
  pattern?: string;
  inputType: 'text' | 'tel';
  autocomplete?: string;
}

/** One field of the certificate-of-insurance form, as the schema says it. */
export interface CertificateField {
  name: string;
  label: string;
  description?: string;
  input: 'text' | 'date' | 'number' | 'checkbox' | 'currency';
  required: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
}

export interface VisitorForms {
  passwordLength: { min: number; max: number };
  profileFields: ProfileField[];
  /** What a certificate of insurance is kept with (certificateUpload, less the file), in schema order. */
  certificateFields: CertificateField[];
  /** The longest text each field of the set-list and quote forms takes. */
  maxLengths: {
    setListName: number;
    setListNotes: number;
    quoteDetail: number;
    quoteNotes: number;
    stepReason: number;
    purchaseOrder: number;
    billingContact: number;
    billingAddress: number;
    joinCompany: number;
    joinMessage: number;
  };
}

interface ProfileXUi {
  visitorEditable?: boolean;
  autocomplete?: string;
}

const profile = rootSchema('userProfile');
const editableNames = Object.entries(schemaDocuments.userProfile.properties)
  .filter(([, property]) => ((property as { 'x-ui'?: ProfileXUi })['x-ui'] ?? {}).visitorEditable === true)
  .map(([name]) => name);

/** A property's maxLength, through its $refs. */
const maxLengthOf = (root: 'setList' | 'quoteRequest', name: string): number =>
  (effective(propertySchema(rootSchema(root), name)!).schema as { maxLength: number }).maxLength;

const certificateUpload = effective({
  schema: schemaDocuments.quoteRequest.$defs.certificateUpload,
  document: schemaDocuments.quoteRequest,
});
const certificateFields: CertificateField[] = Object.keys(
  schemaDocuments.quoteRequest.$defs.certificateUpload.properties,
)
  .filter((name) => name !== 'data' && name !== 'fileName')
  .map((name) => {
    const schema = effective(propertySchema(certificateUpload, name)!).schema as {
      title?: string;
      description?: string;
      type?: string;
      format?: string;
      maxLength?: number;
      minimum?: number;
      maximum?: number;
    };
    const input =
      schema.type === 'boolean'
        ? 'checkbox'
        : schema.format === 'date'
          ? 'date'
          : schema.type === 'number'
            ? 'number'
            : name === 'currency'
              ? 'currency'
              : 'text';
    return {
      name,
      label: schema.title ?? name,
      ...(schema.description && { description: schema.description }),
      input,
      required: schemaDocuments.quoteRequest.$defs.certificateUpload.required.includes(name),
      ...(schema.maxLength !== undefined && { maxLength: schema.maxLength }),
      ...(schema.minimum !== undefined && { min: schema.minimum }),
      ...(schema.maximum !== undefined && { max: schema.maximum }),
    };
  });

export const visitorForms: VisitorForms = {
  certificateFields,
  passwordLength: { ...PASSWORD_LENGTH },
  maxLengths: {
    setListName: maxLengthOf('setList', 'name'),
    setListNotes: maxLengthOf('setList', 'notes'),
    quoteDetail: maxLengthOf('quoteRequest', 'production'),
    quoteNotes: maxLengthOf('quoteRequest', 'notes'),
    stepReason: schemaDocuments.quoteRequest.$defs.stepInput.properties.reason.maxLength,
    purchaseOrder: maxLengthOf('quoteRequest', 'purchaseOrder'),
    billingContact: maxLengthOf('quoteRequest', 'billingContact'),
    billingAddress: maxLengthOf('quoteRequest', 'billingAddress'),
    joinCompany: schemaDocuments.customerAccount.$defs.joinRequest.properties.company.maxLength,
    joinMessage: schemaDocuments.customerAccount.$defs.joinRequest.properties.message.maxLength,
  },
  profileFields: editableNames.map((name) => {
    const schema = effective(propertySchema(profile, name)!).schema as {
      title?: string;
      description?: string;
      maxLength?: number;
      pattern?: string;
      'x-ui'?: ProfileXUi;
    };
    const ui = schema['x-ui'] ?? {};
    return {
      name,
      label: schema.title ?? name,
      ...(schema.description && { description: schema.description }),
      ...(schema.maxLength !== undefined && { maxLength: schema.maxLength }),
      ...(schema.pattern && { pattern: schema.pattern }),
      inputType: ui.autocomplete === 'tel' ? 'tel' : 'text',
      ...(ui.autocomplete && { autocomplete: ui.autocomplete }),
    };
  }),
};

/**
 * The body of a visitor's profile edit: the editable fields, each as the profile schema defines
 * it (by reference), or '' to clear it. Unknown keys are refused.
 */
export const visitorProfileBodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(
    editableNames.map((name) => [
      name,
      { anyOf: [{ $ref: `${schemaDocuments.userProfile.$id}#/properties/${name}` }, { const: '' }] },
    ]),
  ),
} as const;

export const VISITOR_EDITABLE_FIELDS: readonly string[] = editableNames;
