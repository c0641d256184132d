/**
 * A house's customer accounts: name, kind, terms, credit limit, how many may order, and whether it
 * is on stop, searchable by name, sorted by name; a row opens the account's form. With none yet, the
 * screen says what an account is for and opens the first.
 */
import { Box, Chip, Typography } from '@mui/material';
import HourglassBottomOutlinedIcon from '@mui/icons-material/HourglassBottomOutlined';
import { CustomerFilesExport } from './CustomerFilesExport';
import { JoinRequests } from './JoinRequests';
import {
  Button,
  CreateButton,
  Datagrid,
  FunctionField,
  Link,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { schemaDocuments } from '../../schema/documents';
import { fromMinor } from '../../schema/rental/card-hold';
import type { CustomerAccount } from '../../schema/types.generated';
import { tableScrollsInCard } from '../components/table-scroll';
import { termsText } from './account-record';

const KINDS = Object.fromEntries(
  schemaDocuments.customerAccount.properties.kind.oneOf.map((option) => [option.const, option.title]),
);

function NoAccounts({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3, maxWidth: 640 }}>
      <Typography variant="h6" component="p" gutterBottom>
        {translate('backlot.accounts.emptyTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" paragraph>
        {translate('backlot.accounts.emptyLead')}
      </Typography>
      <CreateButton to={`/t/${tenantId}/accounts/create`} variant="contained" label="backlot.accounts.open" />
    </Box>
  );
}

export function AccountList({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const money = (account: CustomerAccount) =>
    account.creditLimit === undefined
      ? translate('backlot.accounts.noLimit')
      : new Intl.NumberFormat(undefined, {
          style: 'currency',
          currency: account.currency,
          maximumFractionDigits: 0,
        }).format(fromMinor(account.creditLimit, account.currency));
  const terms = (account: CustomerAccount) =>
    termsText(account.terms, {
      card: translate('backlot.accounts.byCard'),
      net: (days) => translate('backlot.accounts.net', { days }),
      deposit: translate('backlot.accounts.depositOnCard'),
    });
  return (
    <>
      <JoinRequests tenantId={tenantId} />
      <List
        resource={`tenants/${tenantId}/accounts`}
        title={translate('backlot.accounts.title', { tenant: tenantId })}
        sort={{ field: 'name', order: 'ASC' }}
        perPage={25}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('backlot.accounts.search')} />]}
        actions={
          <TopToolbar>
            <Button
              component={Link}
              to={`/t/${tenantId}/accounts/aged`}
              label="backlot.aged.open"
              startIcon={<HourglassBottomOutlinedIcon />}
            />
            <CreateButton to={`/t/${tenantId}/accounts/create`} label="backlot.accounts.open" />
          </TopToolbar>
        }
        empty={<NoAccounts tenantId={tenantId} />}
        aside={<CustomerFilesExport tenantId={tenantId} />}
      >
        <Datagrid
          rowClick={(id) => `/t/${tenantId}/accounts/${encodeURIComponent(String(id))}`}
          bulkActionButtons={false}
          empty={<Box sx={{ p: 2 }}>{translate('backlot.accounts.noneFound')}</Box>}
          sx={{ ...tableScrollsInCard, '& .wide-only': { display: { xs: 'none', md: 'table-cell' } } }}
        >
          <FunctionField
            source="name"
            label={translate('backlot.accounts.name')}
            render={(account: CustomerAccount) => (
              <>
                {account.name}
                {account.onStop && (
                  <Chip
                    size="small"
                    color="error"
                    label={translate('backlot.accounts.onStop')}
                    sx={{ ml: 1 }}
                    title={account.onStop.reason}
                  />
                )}
              </>
            )}
          />
          <FunctionField
            label={translate('backlot.accounts.kind')}
            render={(account: CustomerAccount) => KINDS[account.kind] ?? account.kind}
            sortable={false}
            cellClassName="wide-only"
            headerClassName="wide-only"
          />
          <FunctionField label={translate('backlot.accounts.terms')} render={terms} sortable={false} />
          <FunctionField
            label={translate('backlot.accounts.limit')}
            render={money}
            sortBy="creditLimit"
            cellClassName="wide-only"
            headerClassName="wide-only"
          />
          <FunctionField
            label={translate('backlot.accounts.members')}
            render={(account: CustomerAccount) => account.members.length}
            sortable={false}
          />
          <TextField
            source="id"
            label={translate('backlot.accounts.id')}
            sortable={false}
            cellClassName="wide-only"
            headerClassName="wide-only"
          />
        </Datagrid>
      </List>
    </>
  );
}
