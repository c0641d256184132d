/** The console's English labels: react-admin's own, plus Backlot's under `backlot.*`. */
import englishMessages from 'ra-language-english';

export const en = {
  ...englishMessages,
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, username: 'Email' } },
  resources: {
    tenants: { name: 'Tenant |||| Tenants', fields: { id: 'Id', displayName: 'Name', domain: 'Domain', version: 'Version' } },
  },
  backlot: {
    menu: {
      tenants: 'Tenants',
      tenant: 'Tenant: %{tenant}',
      site: 'Branding and site',
      colors: 'Colours',
      links: 'Links',
      customFields: 'Custom fields',
      vendor: 'Vendor',
      categories: 'Categories',
      pages: 'Pages',
      assets: 'Assets',
      history: 'History',
    },
    sections: {
      identity: 'Identity',
      branding: 'Branding',
      theme: 'Theme',
      auth: 'Sign-in pages',
      integrations: 'Integrations',
      ordering: 'Ordering',
      catalogue: 'Catalogue',
      location: 'Location',
      advanced: 'Advanced',
      general: 'General',
    },
    save: {
      fieldErrors: 'The server refused some values: see the messages under the fields.',
      elsewhereTitle: 'Not saved: this change would break another part of the tenant',
      elsewhereHint: 'Change that first (or undo this change here), then save again.',
      offline: 'Could not reach the server. Nothing was lost: your changes are still here; try again when the connection is back.',
    },
    conflict: {
      reapplied: 'Your changes were saved on top of the newer version.',
      invalid: 'Your changes do not fit the newer version: load theirs and make your change again.',
    },
    colors: { title: 'Colours: %{tenant}', empty: 'No colours yet: visitors see no colour filter until you add one.' },
    links: { title: 'Links: %{tenant}', empty: 'No links yet.', headerLinks: 'Header', footerLinks: 'Footer', socialLinks: 'Social' },
    customFields: { title: 'Custom fields: %{tenant}', empty: 'No custom fields yet: items carry only the built-in facets.', noOptions: 'No options yet: a field needs at least one.' },
    history: {
      title: 'History: %{tenant}',
      empty: 'No changes yet.',
      restored: 'Version #%{id} restored. It is saved as a new change, which you can undo from here.',
      stale: 'Someone changed this tenant a moment ago: look at the newest change, then restore again if you still want to.',
      failed: 'That version could not be restored.',
    },
    pages: {
      title: 'Pages: %{tenant}',
      routes: 'Content pages',
      none: 'no page yet',
      empty: '%{route} (%{path}) has no page yet: visitors see a short note that it is coming. Write one to fill it.',
      create: 'Write this page',
      remove: 'Remove this page',
    },
    categories: {
      title: 'Categories: %{tenant}',
      intro:
        'Groups, their categories and subcategories, in the order visitors see them. Rental groups are browsed on the storefront; service groups only carry GL codes for charges such as delivery or labour. Open a row to see what it holds; drag a row by its handle, or use Move to take it to another parent.',
      empty: 'No groups yet: add one, then its categories.',
    },
    vendor: { title: 'Vendor: %{tenant}' },
    site: { title: 'Branding and site: %{tenant}', domainLocked: 'Only platform staff change the domain.' },
    tenants: {
      open: 'Open',
      empty: 'No tenants yet.',
      create: 'New tenant',
      from: 'Start from',
      fromHelp: 'Copy the links, colours, facets, categories and constants of an existing tenant, or start from the blank template.',
      blank: 'The blank template',
    },
    noTenant: 'This account has no tenant yet: ask platform staff to add one.',
  },
};
