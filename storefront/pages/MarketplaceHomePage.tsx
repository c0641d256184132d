/** The platform's home page: the home page led by the nearest house (spec §9), then every other listed house nearest first. */
import { NearestHouses } from '../components/marketplace/NearestHouses';
import { useMarketplace } from '../config/ConfigurationProvider';
import { HomePage } from './HomePage';

export function MarketplaceHomePage() {
  const marketplace = useMarketplace();
  return <HomePage lead={marketplace && <NearestHouses marketplace={marketplace} />} />;
}
