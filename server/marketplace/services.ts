/**
 * The marketplace's services, built from explicit dependencies: the platform's production
 * requests and houses signing up, each over its own store. The marketplace plugin decorates what
 * this returns; the platform's catalogue itself is built with the search index it feeds.
 */
import { HouseApplications, type HouseApplicationDeps } from './house-applications';
import { ProductionRequests, type ProductionRequestDeps } from './production-requests';

export type MarketplaceDependencies = Omit<ProductionRequestDeps, 'store'> &
  Omit<HouseApplicationDeps, 'store'> & {
    productionRequestStore: ProductionRequestDeps['store'];
    houseApplicationStore: HouseApplicationDeps['store'];
  };

export interface MarketplaceServices {
  productionRequests: ProductionRequests;
  houseApplications: HouseApplications;
}

export function marketplaceServices({
  productionRequestStore,
  houseApplicationStore,
  ...shared
}: MarketplaceDependencies): MarketplaceServices {
  return {
    productionRequests: new ProductionRequests({ ...shared, store: productionRequestStore }),
    houseApplications: new HouseApplications({ ...shared, store: houseApplicationStore }),
  };
}
