/** An outlined card on a request's page with its heading and status chips in one row (the card hold, the certificate of insurance). */
import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function FactCard({ heading, chips, children }: { heading: string; chips?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {heading}
          </Typography>
          {chips}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
