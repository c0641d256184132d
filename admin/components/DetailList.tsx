/** A card's facts as a description list, label beside value (the card hold's, the certificate of insurance's); rows whose value is absent are left out. */
import { Box, Typography } from '@mui/material';

export function DetailList({
  rows,
}: {
  rows: ReadonlyArray<readonly [label: string, value: string | false | undefined]>;
}) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: '4px 16px' }}
    >
      {rows
        .filter((row): row is readonly [string, string] => typeof row[1] === 'string')
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}
