/**
 * The houses a house takes sub-hires from, when it takes them from named houses only: chosen by
 * name among the other listed houses (their ids are what the vendor record keeps). Shown only while
 * "From the houses named below" is chosen; a house named before and no longer listed stays shown by
 * its id, so saving never drops it silently.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { fetchUtils, useInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';

type ListedHouse = { id: string; name: string; place?: string };

export function SubHireHousesInput({ tenantId, source }: { tenantId: string; source: string }) {
  const translate = useTranslate();
  const takes = useWatch({ name: 'subHires.takes' }) as string | undefined;
  const { field } = useInput({ source, defaultValue: [] });
  const [houses, setHouses] = useState<ListedHouse[]>();
  useEffect(() => {
    let live = true;
    fetchUtils.fetchJson(`/api/tenants/${encodeURIComponent(tenantId)}/sub-hire-houses`).then(
      (response) => live && setHouses(response.json as ListedHouse[]),
      () => live && setHouses([]),
    );
    return () => void (live = false);
  }, [tenantId]);
  if (takes !== 'namedHouses') return null;
  const chosen = Array.isArray(field.value) ? (field.value as string[]) : [];
  const known = new Map((houses ?? []).map((house) => [house.id, house]));
  const options: ListedHouse[] = [
    ...(houses ?? []),
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, name: id })),
  ];
  return (
    <Autocomplete
      multiple
      loading={!houses}
      options={options}
      value={options.filter((house) => chosen.includes(house.id))}
      onChange={(_, next) => field.onChange(next.map((house) => house.id))}
      getOptionLabel={(house) => (house.place ? `${house.name} (${house.place})` : house.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={translate('backlot.subHires.noHouses')}
      sx={{ mb: 2, maxWidth: 560 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('backlot.subHires.houses')}
          helperText={translate('backlot.subHires.housesHelp')}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
