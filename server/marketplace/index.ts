/**
 * The marketplace domain's front door, as the rest of the server uses it: the platform's catalogue
 * of every listed house, production requests and their read model, house sign-ups, payouts and
 * the houses' statements, and sub-hires between houses (offers, requests, the stock that follows,
 * the floor, the margins).
 */
export { catalogueItems, type CatalogueItems } from './catalogue-items';
export { HouseApplications } from './house-applications';
export { PayoutsNotConnectedError, Payouts, UnknownHouseError } from './payouts';
export { itemHome, PlatformCatalogue } from './platform-catalogue';
export { productionWithQuotes, productionWithQuoteStates } from './production-request-view';
export { ProductionRequests } from './production-requests';
export { marketplaceServices, type MarketplaceDependencies, type MarketplaceServices } from './services';
export { houseStatement, statementCsv } from './statements';
export { hiredInCodeOf, reportToLender } from './sub-hire-floor';
export { houseSubHireMargins, subHireMarginsCsv } from './sub-hire-margins';
export { subHireOffers } from './sub-hire-offers';
export { askForSubHire, SubHireRefusedError, type SubHire } from './sub-hire-requests';
export {
  followSubHire,
  followSubHireAfterStep,
  hiredInBy,
  stockBehind,
  tellStrandedSubHires,
  type SubHireStockStores,
} from './sub-hire-stock';
