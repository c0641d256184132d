import { TenantCreate } from './TenantCreate';
import { TenantList } from './TenantList';

export { TenantSwitcher } from './TenantSwitcher';
export default { list: TenantList, create: TenantCreate };
