/** A screen loaded when first shown (its code is not in the console's first load), with react-admin's loading state meanwhile. */
import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';

export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  return function LazyScreen() {
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    );
  };
}
