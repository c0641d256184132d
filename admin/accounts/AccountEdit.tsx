/**
 * One customer account's form, and opening one. Saving sends the version it was read at
 * (If-Match): when someone else saved the account meanwhile, the server answers 412 and the
 * console's conflict dialog (RecordEdit) compares and reapplies. A new account is opened in the
 * house's currency, with an id made from its name unless one is given.
 */
import { Create, useGetOne, usePermissions, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { CustomerAccount } from '../../schema/types.generated';
import { RecordEdit } from '../components/RecordEdit';
import { useTenantRecord } from '../tenants/useTenantRecord';
import { accountToSave, type AccountFormValues } from './account-record';
import { AccountForm } from './AccountForm';
import { AccountStanding } from './AccountStanding';
import { AccountStatements } from './AccountStatements';
import { ExemptionCertificateFile } from './ExemptionCertificateFile';

/** The house's currency, as new accounts are opened in it. */
function useHouseCurrency(tenantId: string): string {
  const { data } = useTenantRecord(tenantId);
  return data?.site?.currency ?? 'USD';
}

/** Who is saving: the stop's "by" when they put an account on stop. */
function useStaffEmail(): string {
  const { permissions } = usePermissions<{ email?: string } | undefined>();
  return permissions?.email ?? 'staff';
}

export function AccountEdit({ tenantId }: { tenantId: string }) {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const accountId = decodeURIComponent(id);
  const resource = `tenants/${tenantId}/accounts`;
  const { data: account } = useGetOne<CustomerAccount & { id: string }>(resource, { id: accountId });
  const by = useStaffEmail();
  return (
    <>
      <AccountStanding tenantId={tenantId} accountId={accountId} version={account?.version} />
      <AccountStatements
        tenantId={tenantId}
        accountId={accountId}
        version={account?.version}
        billingContact={!!account?.billingContact}
      />
      <ExemptionCertificateFile tenantId={tenantId} account={account} />
      <RecordEdit
        resource={resource}
        subject="this account"
        id={accountId}
        title={translate('backlot.accounts.editTitle', { name: account?.name ?? accountId })}
        transform={(data) => accountToSave(data as AccountFormValues, account, by)}
      >
        <AccountForm isNew={false} currency={account?.currency ?? 'USD'} />
      </RecordEdit>
    </>
  );
}

export function AccountCreate({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const currency = useHouseCurrency(tenantId);
  const by = useStaffEmail();
  return (
    <Create
      resource={`tenants/${tenantId}/accounts`}
      redirect={(_resource, id) => `t/${tenantId}/accounts/${encodeURIComponent(String(id))}`}
      title={translate('backlot.accounts.createTitle')}
      transform={(data: AccountFormValues) => accountToSave(data, undefined, by)}
    >
      <AccountForm isNew currency={currency} />
    </Create>
  );
}
