import { lazy, Suspense } from 'react';
import { Loading } from 'react-admin';
import { TenantList } from './TenantList';

// The create form carries the schema documents: loaded when first opened, not with the console.
const TenantCreateForm = lazy(() => import('./TenantCreate').then((m) => ({ default: m.TenantCreate })));
const TenantCreate = () => (
  <Suspense fallback={<Loading />}>
    <TenantCreateForm />
  </Suspense>
);

export { TenantSwitcher } from './TenantSwitcher';
export default { list: TenantList, create: TenantCreate };
