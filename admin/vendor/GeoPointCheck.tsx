/** Under the vendor's position: the point in words, a link to look at it on a map (the visitor's click, never a fetch), and a warning when it disagrees with the time zone. */
import { Alert, Link, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { checkGeoPoint } from './geo-check';

export function GeoPointCheck({ source, timezoneSource }: { source: string; timezoneSource: string }) {
  const [lat, lng, zone] = useWatch({ name: [`${source}.lat`, `${source}.lng`, timezoneSource] }) as [
    unknown,
    unknown,
    string | undefined,
  ];
  if (typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const check = checkGeoPoint(lat, lng, zone);
  return (
    <>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {check.words} ·{' '}
        <Link
          href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Look at it on OpenStreetMap
        </Link>
      </Typography>
      {check.warning && (
        <Alert severity="warning" role="status" sx={{ mb: 2, maxWidth: 640 }}>
          {check.warning}
        </Alert>
      )}
    </>
  );
}
