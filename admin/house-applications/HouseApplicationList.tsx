/**
 * Houses asking to be listed (platform staff), waiting ones first: who, where, their money and tax,
 * their admin. Approve makes the house's tenant (from the platform's tree, unlisted until its stock
 * is in) and mails its admin the console link, shown here too for a mail that did not arrive;
 * refuse asks for the reason the house is told.
 */
import { Alert, Box, Button, Stack, TextField as InputField } from '@mui/material';
import { Fragment, useState } from 'react';
import {
  Confirm,
  Datagrid,
  DateField,
  FunctionField,
  List,
  TextField,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { HouseApplication } from '../../schema/types.generated';
import { housePlace } from '../../schema/marketplace/houses';
import { tableScrollsInCard } from '../components/table-scroll';

const STATE_FILTER = { state: 'pending' };

function Decision() {
  const record = useRecordContext<HouseApplication & { link?: string }>();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState('');
  const [refusing, setRefusing] = useState(false);
  const [link, setLink] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;
  // Approved here: the link stays in view (the list is not refreshed under it) for a mail that goes astray.
  if (link) return <Alert severity="success">{translate('backlot.houseApplications.linkSent', { link })}</Alert>;
  if (record.state !== 'pending') return <span>{translate(`backlot.houseApplications.states.${record.state}`)}</span>;
  const act = async (action: 'approve' | 'refuse') => {
    setBusy(true);
    try {
      const answer = await dataProvider.houseApplicationDecision(
        record.id,
        action,
        action === 'refuse' ? { reason } : {},
      );
      notify(`backlot.houseApplications.${action === 'approve' ? 'approved' : 'refused'}`, {
        type: 'success',
        messageArgs: { name: record.name },
      });
      if (action === 'approve') setLink(answer.link);
      else refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} onClick={(event) => event.stopPropagation()}>
      {refusing ? (
        <>
          <InputField
            size="small"
            label={translate('backlot.houseApplications.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            multiline
            required
            inputProps={{ maxLength: 1000 }}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" color="error" disabled={busy || !reason.trim()} onClick={() => act('refuse')}>
              {translate('backlot.houseApplications.refuse')}
            </Button>
            <Button onClick={() => setRefusing(false)}>{translate('ra.action.cancel')}</Button>
          </Stack>
        </>
      ) : (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" disabled={busy} onClick={() => setConfirming(true)}>
            {translate('backlot.houseApplications.approve')}
          </Button>
          <Button disabled={busy} onClick={() => setRefusing(true)}>
            {translate('backlot.houseApplications.refuseEllipsis')}
          </Button>
        </Stack>
      )}
      <Confirm
        isOpen={confirming}
        title={translate('backlot.houseApplications.confirmTitle', { name: record.name })}
        content={translate('backlot.houseApplications.confirmContent', { admin: record.adminEmail })}
        confirm={translate('backlot.houseApplications.approve')}
        onConfirm={() => {
          setConfirming(false);
          void act('approve');
        }}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** Everything the application says, opened from its row before deciding. */
function ApplicationDetails() {
  const record = useRecordContext<HouseApplication>();
  const translate = useTranslate();
  if (!record) return null;
  const { address } = record;
  const rows: Array<[string, string]> = [
    [
      translate('backlot.houseApplications.address'),
      [
        address.line1,
        address.line2,
        [address.city, address.state, address.zip].filter(Boolean).join(' '),
        address.country,
      ]
        .filter(Boolean)
        .join(', '),
    ],
    [
      translate('backlot.houseApplications.money'),
      `${record.currency} · ${record.taxRatePercent}% ${record.taxName ?? ''}`.trim(),
    ],
    [translate('backlot.houseApplications.timezone'), record.timezone],
    [translate('backlot.houseApplications.domain'), record.domain ?? translate('backlot.houseApplications.noDomain')],
    [
      translate('backlot.houseApplications.location'),
      record.location
        ? `${record.location.lat}, ${record.location.lng}`
        : translate('backlot.houseApplications.noLocation'),
    ],
    [translate('backlot.houseApplications.admin'), record.adminEmail],
  ];
  return (
    <Box
      component="dl"
      aria-label={translate('backlot.houseApplications.details', { name: record.name })}
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 0.5, columnGap: 2, m: 0, py: 1 }}
    >
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {value}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

export function HouseApplicationList() {
  const translate = useTranslate();
  return (
    <List
      filterDefaultValues={STATE_FILTER}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={false}
      empty={<Box sx={{ p: 3 }}>{translate('backlot.houseApplications.empty')}</Box>}
    >
      <Datagrid bulkActionButtons={false} rowClick="expand" expand={<ApplicationDetails />} sx={tableScrollsInCard}>
        <DateField source="createdAt" label="backlot.houseApplications.sent" sortable={false} />
        <TextField source="name" label="backlot.houseApplications.name" sortable={false} />
        <FunctionField
          label="backlot.houseApplications.where"
          render={(record: HouseApplication) =>
            housePlace({ city: record.address.city, region: record.address.state, country: record.address.country })
          }
        />
        <FunctionField
          label="backlot.houseApplications.money"
          render={(record: HouseApplication) =>
            `${record.currency} · ${record.taxRatePercent}% ${record.taxName ?? ''}`.trim()
          }
        />
        <TextField source="adminEmail" label="backlot.houseApplications.admin" sortable={false} />
        <FunctionField label="backlot.houseApplications.decision" render={() => <Decision />} />
      </Datagrid>
    </List>
  );
}
