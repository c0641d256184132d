/** The schema documents in `schema/`, imported once so every consumer shares the same objects. */
import defs from './defs.schema.json' with { type: 'json' };
import site from './site.schema.json' with { type: 'json' };
import vendor from './vendor.schema.json' with { type: 'json' };
import categories from './categories.schema.json' with { type: 'json' };
import pages from './pages.schema.json' with { type: 'json' };
import tenant from './tenant.schema.json' with { type: 'json' };
import userProfile from './user-profile.schema.json' with { type: 'json' };
import item from './item.schema.json' with { type: 'json' };
import catalogue from './catalogue.schema.json' with { type: 'json' };
import quoteRequest from './quote-request.schema.json' with { type: 'json' };
import setList from './set-list.schema.json' with { type: 'json' };
import unit from './unit.schema.json' with { type: 'json' };
import invoice from './invoice.schema.json' with { type: 'json' };
import productionRequest from './production-request.schema.json' with { type: 'json' };
import houseApplication from './house-application.schema.json' with { type: 'json' };
import payoutAccount from './payout-account.schema.json' with { type: 'json' };
import customerAccount from './customer-account.schema.json' with { type: 'json' };
import conversation from './conversation.schema.json' with { type: 'json' };

export const schemaDocuments = {
  defs,
  site,
  vendor,
  categories,
  pages,
  tenant,
  userProfile,
  item,
  catalogue,
  quoteRequest,
  setList,
  unit,
  invoice,
  productionRequest,
  houseApplication,
  payoutAccount,
  customerAccount,
  conversation,
} as const;

export const schemaIds = {
  defs: defs.$id,
  site: site.$id,
  vendor: vendor.$id,
  categories: categories.$id,
  pages: pages.$id,
  tenant: tenant.$id,
  userProfile: userProfile.$id,
  item: item.$id,
  catalogue: catalogue.$id,
  quoteRequest: quoteRequest.$id,
  setList: setList.$id,
  unit: unit.$id,
  invoice: invoice.$id,
  productionRequest: productionRequest.$id,
  houseApplication: houseApplication.$id,
  payoutAccount: payoutAccount.$id,
  customerAccount: customerAccount.$id,
  conversation: conversation.$id,
} as const;
