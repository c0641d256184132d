/**
 * The screens of one tenant, at `/t/<tenantId>/<path>`: one list drives both the routes (App)
 * and the menu. Each editor is loaded when first opened, so the console's first load carries
 * only react-admin and the landing page.
 */
import BrushIcon from '@mui/icons-material/Brush';
import LinkIcon from '@mui/icons-material/Link';
import PaletteIcon from '@mui/icons-material/Palette';
import TuneIcon from '@mui/icons-material/Tune';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ArticleIcon from '@mui/icons-material/Article';
import HistoryIcon from '@mui/icons-material/History';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface TenantScreen {
  path: string;
  /** i18n key of its menu label. */
  label: string;
  icon: ComponentType;
  Component: LazyExoticComponent<ComponentType>;
}

export const TENANT_SCREENS: readonly TenantScreen[] = [
  { path: 'site', label: 'backlot.menu.site', icon: BrushIcon, Component: lazy(() => import('./settings').then((m) => ({ default: m.SiteEdit }))) },
  { path: 'assets', label: 'backlot.menu.assets', icon: ImageOutlinedIcon, Component: lazy(() => import('./assets').then((m) => ({ default: m.AssetsPanel }))) },
  { path: 'colors', label: 'backlot.menu.colors', icon: PaletteIcon, Component: lazy(() => import('./colors').then((m) => ({ default: m.ColorMapEdit }))) },
  { path: 'links', label: 'backlot.menu.links', icon: LinkIcon, Component: lazy(() => import('./links').then((m) => ({ default: m.LinksEdit }))) },
  { path: 'pages', label: 'backlot.menu.pages', icon: ArticleIcon, Component: lazy(() => import('./pages').then((m) => ({ default: m.PagesEdit }))) },
  { path: 'categories', label: 'backlot.menu.categories', icon: AccountTreeIcon, Component: lazy(() => import('./categories').then((m) => ({ default: m.CategoryTreeEdit }))) },
  { path: 'custom-fields', label: 'backlot.menu.customFields', icon: TuneIcon, Component: lazy(() => import('./custom-fields').then((m) => ({ default: m.CustomFieldsEdit }))) },
  { path: 'vendor', label: 'backlot.menu.vendor', icon: StorefrontIcon, Component: lazy(() => import('./vendor').then((m) => ({ default: m.VendorEdit }))) },
  { path: 'users', label: 'backlot.menu.users', icon: PeopleOutlineIcon, Component: lazy(() => import('./users').then((m) => ({ default: m.UserList }))) },
  { path: 'history', label: 'backlot.menu.history', icon: HistoryIcon, Component: lazy(() => import('./history').then((m) => ({ default: m.HistoryList }))) },
];
