import { TenantList } from './TenantList';

export default { list: TenantList };
