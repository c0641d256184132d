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
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import SwapHorizOutlinedIcon from '@mui/icons-material/SwapHorizOutlined';
import ViewTimelineOutlinedIcon from '@mui/icons-material/ViewTimelineOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import type { ComponentType } from 'react';
import { lazyScreen } from './components/lazyScreen';

export interface TenantScreen {
  path: string;
  /** i18n key of its menu label. */
  label: string;
  icon: ComponentType;
  Component: ComponentType;
}

export const TENANT_SCREENS: readonly TenantScreen[] = [
  {
    path: 'site',
    label: 'backlot.menu.site',
    icon: BrushIcon,
    Component: lazyScreen(() => import('./settings').then((m) => m.SiteEdit)),
  },
  {
    path: 'assets',
    label: 'backlot.menu.assets',
    icon: ImageOutlinedIcon,
    Component: lazyScreen(() => import('./assets').then((m) => m.AssetsPanel)),
  },
  {
    path: 'colors',
    label: 'backlot.menu.colors',
    icon: PaletteIcon,
    Component: lazyScreen(() => import('./colors').then((m) => m.ColorMapEdit)),
  },
  {
    path: 'links',
    label: 'backlot.menu.links',
    icon: LinkIcon,
    Component: lazyScreen(() => import('./links').then((m) => m.LinksEdit)),
  },
  {
    path: 'pages',
    label: 'backlot.menu.pages',
    icon: ArticleIcon,
    Component: lazyScreen(() => import('./pages').then((m) => m.PagesEdit)),
  },
  {
    path: 'categories',
    label: 'backlot.menu.categories',
    icon: AccountTreeIcon,
    Component: lazyScreen(() => import('./categories').then((m) => m.CategoryTreeEdit)),
  },
  {
    path: 'custom-fields',
    label: 'backlot.menu.customFields',
    icon: TuneIcon,
    Component: lazyScreen(() => import('./custom-fields').then((m) => m.CustomFieldsEdit)),
  },
  {
    path: 'vendor',
    label: 'backlot.menu.vendor',
    icon: StorefrontIcon,
    Component: lazyScreen(() => import('./vendor').then((m) => m.VendorEdit)),
  },
  {
    path: 'items',
    label: 'backlot.menu.items',
    icon: Inventory2OutlinedIcon,
    Component: lazyScreen(() => import('./items').then((m) => m.ItemsScreen)),
  },
  {
    path: 'quote-requests',
    label: 'backlot.menu.quotes',
    icon: RequestQuoteOutlinedIcon,
    Component: lazyScreen(() => import('./quote-requests').then((m) => m.QuoteRequestsScreen)),
  },
  {
    path: 'invoices',
    label: 'backlot.menu.invoices',
    icon: ReceiptLongOutlinedIcon,
    Component: lazyScreen(() => import('./invoices').then((m) => m.InvoiceList)),
  },
  {
    path: 'accounts',
    label: 'backlot.menu.accounts',
    icon: BusinessOutlinedIcon,
    Component: lazyScreen(() => import('./accounts').then((m) => m.AccountsScreen)),
  },
  {
    path: 'payouts',
    label: 'backlot.menu.payouts',
    icon: AccountBalanceOutlinedIcon,
    Component: lazyScreen(() => import('./payouts/PayoutsScreen').then((m) => m.PayoutsScreen)),
  },
  {
    path: 'holds',
    label: 'backlot.menu.holds',
    icon: EventNoteOutlinedIcon,
    Component: lazyScreen(() => import('./holds').then((m) => m.HoldBoardScreen)),
  },
  {
    path: 'dispatch',
    label: 'backlot.menu.dispatch',
    icon: LocalShippingOutlinedIcon,
    Component: lazyScreen(() => import('./dispatch').then((m) => m.DispatchScreen)),
  },
  {
    path: 'planner',
    label: 'backlot.menu.planner',
    icon: ViewTimelineOutlinedIcon,
    Component: lazyScreen(() => import('./planner').then((m) => m.PlannerScreen)),
  },
  {
    path: 'earnings',
    label: 'backlot.menu.earnings',
    icon: InsightsOutlinedIcon,
    Component: lazyScreen(() => import('./earnings').then((m) => m.EarningsScreen)),
  },
  {
    path: 'tests',
    label: 'backlot.menu.tests',
    icon: FactCheckOutlinedIcon,
    Component: lazyScreen(() => import('./inspections').then((m) => m.TestsDueScreen)),
  },
  {
    path: 'transfers',
    label: 'backlot.menu.transfers',
    icon: SwapHorizOutlinedIcon,
    Component: lazyScreen(() => import('./transfers').then((m) => m.TransfersScreen)),
  },
  {
    path: 'users',
    label: 'backlot.menu.users',
    icon: PeopleOutlineIcon,
    Component: lazyScreen(() => import('./users').then((m) => m.UserList)),
  },
  {
    path: 'history',
    label: 'backlot.menu.history',
    icon: HistoryIcon,
    Component: lazyScreen(() => import('./history').then((m) => m.HistoryList)),
  },
];
