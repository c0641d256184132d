/**
 * A customer account's form, for opening and editing: its plain settings from the schema (name,
 * kind, billing address and contact, tax registration, terms, exemption certificate, purchase
 * order, notes: labels, help and bounds from it), and the parts that read better by hand: the
 * credit limit in the house's currency (kept in minor units), the people who may order (by the email
 * they sign in with), and putting the account on stop with a reason.
 */
import { Alert, Typography } from '@mui/material';
import {
  ArrayInput,
  email,
  NumberInput,
  required,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { withDefaults } from '../../schema/defaults';
import { fromMinor, toMinor } from '../../schema/rental/card-hold';
import { rootSchema } from '../../schema/schema-walk';
import { RecordToolbar } from '../components/RecordEdit';
import { schemaDocuments } from '../../schema/documents';
import { fieldsOf, type FieldSpec } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';

/**
 * The fields the schema drives, in the groups the form shows; the rest are by hand below, or the
 * server's own. The exemption certificate's file is uploaded with the certificate (not typed).
 */
const fields = fieldsOf(rootSchema('customerAccount'), {
  skip: ['id', 'tenantId', 'currency', 'members', 'creditLimit', 'onStop', 'version', 'createdAt', 'updatedAt'],
}).filter((field) => field.source !== 'exemption.file');
const idField = fieldsOf(rootSchema('customerAccount')).find((field) => field.source === 'id')!;
const under = (...sources: string[]) =>
  fields.filter((field) => sources.some((source) => field.source === source || field.source.startsWith(`${source}.`)));
const GROUPS = {
  company: under('name', 'kind', 'taxNumber'),
  billing: under('billingAddress', 'billingContact'),
  terms: under('terms', 'purchaseOrderRequired', 'paymentReminders'),
  exemption: under('exemption'),
  notes: under('notes'),
};
/**
 * Switches whose schema default is on: an account saved before one existed shows (and keeps) it on,
 * as the server reads it, rather than a switch left off that a save would turn off.
 */
const SWITCHES_ON = { paymentReminders: schemaDocuments.customerAccount.properties.paymentReminders.default };
/** A new account starts on account terms with the schema's net days and deposit; nothing else filled in. */
const NEW_ACCOUNT = {
  ...SWITCHES_ON,
  terms: withDefaults('customerAccount', { terms: { method: 'account' } }).terms,
  members: [],
};

function Heading({ label }: { label: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
      {translate(label)}
    </Typography>
  );
}

function OnAccountOnly({ children }: { children: React.ReactNode }) {
  const method = useWatch({ name: 'terms.method' }) as string | undefined;
  return method === 'account' ? <>{children}</> : null;
}

/** Said above the reason while the account is on stop (inside the form: it watches the reason). */
function StopNotice() {
  const translate = useTranslate();
  const stop = useWatch({ name: 'onStop.reason' }) as string | undefined;
  return stop?.trim() ? (
    <Alert severity="warning" sx={{ mb: 1 }}>
      {translate('backlot.accounts.onStopNow')}
    </Alert>
  ) : null;
}

/** Terms and limits only an account paying on account has. */
const onAccountOnly = (source: string) => source.startsWith('terms.') && source !== 'terms.method';

export function AccountForm({ isNew, currency }: { isNew: boolean; currency: string }) {
  const translate = useTranslate();
  const inputs = (group: readonly FieldSpec[]) =>
    group.map((field) =>
      onAccountOnly(field.source) ? (
        <OnAccountOnly key={field.source}>
          <SchemaInput field={field} />
        </OnAccountOnly>
      ) : (
        <SchemaInput key={field.source} field={field} />
      ),
    );
  return (
    <SimpleForm
      toolbar={<RecordToolbar />}
      warnWhenUnsavedChanges
      sx={{ maxWidth: 880 }}
      defaultValues={isNew ? NEW_ACCOUNT : SWITCHES_ON}
    >
      <Heading label="backlot.accounts.companyHeading" />
      {inputs(GROUPS.company)}
      {isNew && <SchemaInput field={{ ...idField, required: false }} />}
      <Heading label="backlot.accounts.termsHeading" />
      {inputs(GROUPS.terms)}
      <OnAccountOnly>
        <NumberInput
          source="creditLimit"
          label={translate('backlot.accounts.creditLimit', { currency })}
          helperText={translate('backlot.accounts.creditLimitHelp')}
          min={0}
          step={1}
          // The form keeps minor units (cents), as the account does; the input shows the currency's major units.
          format={(minor: unknown) => (typeof minor === 'number' ? String(fromMinor(minor, currency)) : '')}
          // NumberInput hands over the typed number (valueAsNumber), or the text when it is not one.
          parse={(major: number | string) =>
            typeof major === 'number' && Number.isFinite(major) ? toMinor(major, currency) : null
          }
        />
      </OnAccountOnly>
      <Heading label="backlot.accounts.membersHeading" />
      <Typography variant="body2" color="text.secondary">
        {translate('backlot.accounts.membersLead')}
      </Typography>
      <ArrayInput source="members" label={false}>
        <SimpleFormIterator inline disableReordering>
          <TextInput
            source="email"
            label={translate('backlot.accounts.memberEmail')}
            validate={[required(), email()]}
            type="email"
            helperText={false}
          />
          <TextInput source="name" label={translate('backlot.accounts.memberName')} helperText={false} />
        </SimpleFormIterator>
      </ArrayInput>
      <Heading label="backlot.accounts.billingHeading" />
      {inputs(GROUPS.billing)}
      <Heading label="backlot.accounts.exemptionHeading" />
      <Typography variant="body2" color="text.secondary">
        {translate('backlot.accounts.exemptionLead')}
      </Typography>
      {inputs(GROUPS.exemption)}
      <Heading label="backlot.accounts.stopHeading" />
      <StopNotice />
      <TextInput
        source="onStop.reason"
        label={translate('backlot.accounts.stopReason')}
        helperText={translate('backlot.accounts.stopHelp')}
        fullWidth
        multiline
      />
      {inputs(GROUPS.notes)}
    </SimpleForm>
  );
}
