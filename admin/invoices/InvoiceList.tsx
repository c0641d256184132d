/**
 * A tenant's invoices, pro formas and credit notes by invoice date (the date accountants file by):
 * number and kind, who and which production, the total and what is still due, the PDF, and a
 * credit note for an invoice. Filters by kind and by invoice dates.
 */
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Box, Button, Chip } from '@mui/material';
import { Datagrid, DateInput, FunctionField, List, SelectInput, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { schemaDocuments } from '../../schema/documents';
import type { Invoice } from '../../schema/types.generated';
import { useQuoteTenant } from '../quote-requests/useQuoteTenant';
import { AccountsExport } from './AccountsExport';
import { invoiceApi } from './invoice-api';
import { PHONE_DATAGRID_SX, PHONE_LIST_SX } from '../components/phone-list';

/** An invoice as the list has it: with what it still owes now (payments and credit notes since it was issued). */
type ListedInvoice = Invoice & { owed?: number };

const KIND_CHOICES = schemaDocuments.invoice.properties.kind.oneOf.map((option) => ({
  id: option.const,
  name: option.title,
}));

export function InvoiceList() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  const tenant = useQuoteTenant(tenantId);
  return (
    <List
      resource={`tenants/${tenantId}/invoices`}
      title={translate('backlot.invoices.title', { tenant: tenantId })}
      sort={{ field: 'issueDate', order: 'ASC' }}
      perPage={50}
      empty={false}
      exporter={false}
      actions={false}
      aside={<AccountsExport tenantId={tenantId} />}
      // On a phone the table scrolls inside its card and the aside goes under it: the page never widens.
      sx={PHONE_LIST_SX}
      filters={[
        <SelectInput
          key="kind"
          source="kind"
          label={translate('backlot.invoices.kind')}
          choices={KIND_CHOICES}
          alwaysOn
          emptyText={translate('backlot.invoices.anyKind')}
        />,
        <DateInput key="from" source="from" label={translate('backlot.invoices.from')} alwaysOn />,
        <DateInput key="to" source="to" label={translate('backlot.invoices.to')} alwaysOn />,
      ]}
    >
      <Datagrid
        sx={PHONE_DATAGRID_SX}
        bulkActionButtons={false}
        rowClick={(_id, _resource, record) =>
          `/t/${tenantId}/quote-requests/${encodeURIComponent(String((record as unknown as Invoice).quoteId))}`
        }
        empty={<Box sx={{ p: 2 }}>{translate('backlot.invoices.empty')}</Box>}
      >
        <FunctionField
          label={translate('backlot.invoices.number')}
          render={(invoice: Invoice) => <Box sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{invoice.number}</Box>}
        />
        <FunctionField
          label={translate('backlot.invoices.kind')}
          render={(invoice: Invoice) => (
            <Chip
              size="small"
              label={translate(`backlot.invoices.kinds.${invoice.kind}`)}
              variant={invoice.kind === 'invoice' ? 'filled' : 'outlined'}
            />
          )}
        />
        <FunctionField
          source="issueDate"
          label={translate('backlot.invoices.date')}
          render={(invoice: Invoice) => <Box sx={{ whiteSpace: 'nowrap' }}>{tenant.day(invoice.issueDate)}</Box>}
        />
        {/* An order on a customer account is made out to the account, not to whoever asked. */}
        <FunctionField
          label={translate('backlot.invoices.billTo')}
          render={(invoice: Invoice) =>
            [invoice.billTo.account?.name ?? invoice.billTo.name, invoice.billTo.production].filter(Boolean).join(' · ')
          }
        />
        <FunctionField
          label={translate('backlot.invoices.purchaseOrder')}
          render={(invoice: Invoice) => invoice.billTo.purchaseOrder ?? '—'}
        />
        <FunctionField
          textAlign="right"
          label={translate('backlot.invoices.total')}
          render={(invoice: Invoice) => tenant.money(invoice.total)}
        />
        <FunctionField
          textAlign="right"
          label={translate('backlot.invoices.due')}
          render={(invoice: ListedInvoice) =>
            invoice.kind === 'invoice'
              ? tenant.money(invoice.owed ?? invoice.balance)
              : invoice.voidedAt
                ? translate('backlot.invoices.void')
                : '—'
          }
        />
        <FunctionField
          label=""
          render={(invoice: Invoice) => (
            <Button
              size="small"
              startIcon={<PictureAsPdfOutlinedIcon />}
              href={invoiceApi.pdfHref(tenantId, invoice.number)}
              target="_blank"
              rel="noopener"
              onClick={(event) => event.stopPropagation()}
            >
              {translate('backlot.invoices.pdf')}
            </Button>
          )}
        />
      </Datagrid>
    </List>
  );
}
