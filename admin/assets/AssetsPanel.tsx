/**
 * Images: upload a logo, logomark, favicon or share image (drag a file in, or choose one), with
 * the limits said up front; each image shown with its pixel size and bytes and where the tenant
 * uses it; "Use as" points a branding setting at it (the settings that take an image come from
 * the schema); an image in use cannot be removed, and says where it is used.
 */
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  LinearProgress,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { Confirm, Loading, Title, useDataProvider, useGetList, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { rootSchema } from '../../schema/schema-walk';
import { pointerLabel } from '../history/pointer-label';
import { fieldsOf } from '../schema-form/fields';
import { ACCEPTED, base64Of, uploadName, uploadRefusal } from './upload';
import { declaredSize, refusalMessage } from './use-as';
import { useFileDrop } from './useFileDrop';

interface Asset {
  id: string;
  url: string;
  type: string;
  size: number;
  width?: number;
  height?: number;
  usedBy: string[];
}

/** The site settings that take an image, from the schema: favicon, header logo, share image … */
const SITE_FIELDS = fieldsOf(rootSchema('site'));
const IMAGE_SETTINGS = SITE_FIELDS.filter((field) => field.kind === 'image').map((field) => ({
  ...field,
  label: field.label.replace(/ · Image address$/, ''),
}));

/** Browsers draw a favicon in a tab at 16–32 px. */
const FAVICON_PX = 32;

/**
 * The size the storefront draws an image at, from the first setting that uses it: an image
 * setting beside width and height (the header logo) takes those; the favicon a tab's size;
 * anything else its own size.
 */
export function drawnSize(
  asset: Pick<Asset, 'usedBy' | 'width' | 'height'>,
  site: Record<string, unknown> | undefined,
): { width: number; height: number; where?: string } | undefined {
  for (const pointer of asset.usedBy) {
    const path = pointer.split('/').slice(2);
    if (path.length === 2 && path[1] === 'url') {
      const owner = site?.[path[0]!] as { width?: unknown; height?: unknown } | undefined;
      if (typeof owner?.width === 'number' && typeof owner.height === 'number')
        return {
          width: owner.width,
          height: owner.height,
          where: pointerLabel(pointer)
            .replace(/^Site settings › /, '')
            .replace(/ › Image address$/, ''),
        };
    }
    if (path.length === 1 && path[0] === 'favicon')
      return { width: FAVICON_PX, height: FAVICON_PX, where: 'a browser tab' };
  }
  return asset.width && asset.height ? { width: asset.width, height: asset.height } : undefined;
}

const kilobytes = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(bytes < 10240 ? 1 : 0)} KB`;

function setAt(target: Record<string, unknown>, source: string, value: unknown) {
  const keys = source.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

function AssetCard({
  asset,
  tenantId,
  site,
  onChanged,
}: {
  asset: Asset;
  tenantId: string;
  site: Record<string, unknown> | undefined;
  onChanged(): void;
}) {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [removing, setRemoving] = useState(false);
  const drawn = drawnSize(asset, site);
  const uses = asset.usedBy.map((pointer) =>
    pointerLabel(pointer)
      .replace(/^Site settings › /, '')
      .replace(/ › Image address$/, ''),
  );
  const applyAs = async (source: string, label: string) => {
    setMenu(null);
    try {
      const resource = `tenants/${tenantId}/settings`;
      const { data: previousData } = await dataProvider.getOne(resource, { id: 'site' });
      const data = structuredClone(previousData);
      setAt(data, source, asset.url.replace(/\?.*$/, ''));
      // An image setting (the header logo) declares its size: from the picture, within the schema's
      // bounds; a logo already placed keeps its height, its width following the new picture's shape.
      if (source.endsWith('.url')) {
        const setting = source.slice(0, -'.url'.length);
        const owner = data[setting] as Record<string, unknown>;
        const bound = (side: 'width' | 'height') =>
          SITE_FIELDS.find((field) => field.source === `${setting}.${side}`) ?? {};
        const size = declaredSize(owner, asset, { width: bound('width'), height: bound('height') });
        if (!size)
          return notify(
            `${asset.id}'s size could not be read: set the ${label.toLowerCase()}'s width and height under Branding.`,
            { type: 'error' },
          );
        Object.assign(owner, size);
      }
      await dataProvider.update(resource, { id: 'site', data, previousData });
      notify(`${asset.id} is now the ${label.toLowerCase()}.`, { type: 'success' });
      onChanged();
    } catch (error) {
      // Nothing here has inputs to show a field's problem on: say each one.
      notify(
        (error as { body?: unknown }).body
          ? refusalMessage(error, (field) =>
              pointerLabel(`/site/${field.replaceAll('.', '/')}`).replace(/^Site settings › /, ''),
            )
          : 'backlot.save.offline',
        {
          type: 'error',
          multiLine: true,
        },
      );
    }
  };
  const remove = async () => {
    setRemoving(false);
    try {
      await dataProvider.delete(`tenants/${tenantId}/assets`, { id: asset.id, previousData: asset });
      notify(`${asset.id} removed.`, { type: 'success' });
      onChanged();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}>
      {/* On a mid-grey checkerboard, so light logos (made for a dark header), dark ones and transparency all show. */}
      <Box
        sx={{
          height: 120,
          display: 'grid',
          placeItems: 'center',
          p: 1,
          backgroundColor: '#8f98a3',
          backgroundImage:
            'linear-gradient(45deg,#7f8893 25%,transparent 25%,transparent 75%,#7f8893 75%),linear-gradient(45deg,#7f8893 25%,transparent 25%,transparent 75%,#7f8893 75%)',
          backgroundSize: '16px 16px',
          backgroundPosition: '0 0,8px 8px',
        }}
      >
        <img
          src={asset.url}
          alt={asset.id}
          width={drawn?.width}
          height={drawn?.height}
          style={{
            maxWidth: '100%',
            maxHeight: 104,
            width: drawn ? undefined : 'auto',
            height: drawn ? undefined : 'auto',
            objectFit: 'contain',
          }}
        />
      </Box>
      <CardContent sx={{ flex: 1, pb: 0 }}>
        <Typography variant="subtitle2" component="h3" sx={{ wordBreak: 'break-all' }}>
          {asset.id}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[asset.width && asset.height ? `${asset.width} × ${asset.height} px` : undefined, kilobytes(asset.size)]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {uses.length ? `Used as: ${uses.join('; ')}` : 'Not used'}
        </Typography>
        {drawn?.where && (
          <Typography variant="body2" color="text.secondary">
            {`Shown at ${drawn.width} × ${drawn.height} px in ${drawn.where === 'a browser tab' ? drawn.where : `the ${drawn.where.toLowerCase()}`}`}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        <Button size="small" aria-haspopup="menu" onClick={(event) => setMenu(event.currentTarget)}>
          Use as…
        </Button>
        <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
          {IMAGE_SETTINGS.map((field) => (
            <MenuItem key={field.source} onClick={() => applyAs(field.source, field.label)}>
              {field.label}
            </MenuItem>
          ))}
        </Menu>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => setRemoving(true)}
          sx={{ ml: 'auto' }}
        >
          Remove
        </Button>
      </CardActions>
      <Confirm
        isOpen={removing}
        title={`Remove ${asset.id}?`}
        content={
          uses.length
            ? `${asset.id} is in use as ${uses.join(' and ')}. Point ${uses.length === 1 ? 'that setting' : 'those settings'} at another image first; then it can be removed.`
            : `${asset.id} is not used anywhere. It is deleted for good.`
        }
        confirm={uses.length ? 'OK' : 'Remove'}
        onConfirm={uses.length ? () => setRemoving(false) : remove}
        onClose={() => setRemoving(false)}
      />
    </Card>
  );
}

export function AssetsPanel() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const { data: site, refetch: refetchSite } = useGetOne<Record<string, unknown> & { id: string }>(
    `tenants/${tenantId}/settings`,
    { id: 'site' },
  );
  const {
    data: assets,
    isPending,
    error,
    refetch,
  } = useGetList<Asset>(`tenants/${tenantId}/assets`, {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'id', order: 'ASC' },
  });
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string>();
  const [refusal, setRefusal] = useState<string>();

  const send = async (file: File) => {
    setRefusal(undefined);
    const refused = uploadRefusal(file);
    if (refused) return setRefusal(refused);
    const name = uploadName(file.name)!;
    setUploading(name);
    try {
      const response = await fetch(`/api/tenants/${encodeURIComponent(tenantId)}/assets/${encodeURIComponent(name)}`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: await base64Of(file) }),
      });
      const answer = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
      if (!response.ok)
        return setRefusal(answer.errors?.data ?? answer.message ?? `The server answered ${response.status}.`);
      notify(`${name} uploaded.`, { type: 'success' });
      await refetch();
    } catch {
      setRefusal('Could not reach the server: nothing was uploaded. Try again when the connection is back.');
    } finally {
      setUploading(undefined);
    }
  };
  const { dragging, dropProps } = useFileDrop((file) => void send(file));

  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('backlot.assets.title', { tenant: tenantId })} />
      <Box
        {...dropProps}
        sx={{
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'grey.400',
          bgcolor: dragging ? 'action.hover' : 'background.paper',
          borderRadius: 2,
          p: 3,
          textAlign: 'center',
          mb: 2,
        }}
      >
        <CloudUploadOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
        <Typography sx={{ my: 1 }}>{translate('backlot.assets.drop')}</Typography>
        <Button variant="contained" onClick={() => input.current?.click()} disabled={uploading !== undefined}>
          {translate('backlot.assets.choose')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED}
          hidden
          aria-label={translate('backlot.assets.choose')}
          onChange={(event) => (event.target.files?.[0] && void send(event.target.files[0]), (event.target.value = ''))}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('backlot.assets.limits')}
        </Typography>
        {uploading && <LinearProgress sx={{ mt: 2 }} aria-label={`Uploading ${uploading}`} />}
      </Box>
      {refusal && (
        <Alert severity="error" onClose={() => setRefusal(undefined)} sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      )}
      {isPending ? (
        <Loading />
      ) : error ? (
        <Alert severity="error">{translate('backlot.assets.loadFailed')}</Alert>
      ) : assets?.length ? (
        <Box
          component="ul"
          sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
        >
          {assets.map((asset) => (
            <AssetCard
              key={asset.id}
              asset={asset}
              tenantId={tenantId}
              site={site}
              onChanged={() => void Promise.all([refetch(), refetchSite()])}
            />
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">{translate('backlot.assets.empty')}</Typography>
      )}
    </Box>
  );
}
