import { lazyScreen } from '../components/lazyScreen';
import { TenantList } from './TenantList';

export { TenantSwitcher } from './TenantSwitcher';
// The create form carries the schema documents: loaded when first opened, not with the console.
export default { list: TenantList, create: lazyScreen(() => import('./TenantCreate').then((m) => m.TenantCreate)) };
