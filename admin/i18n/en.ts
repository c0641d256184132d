/** The console's English labels: react-admin's own, plus Backlot's under `backlot.*`. */
import englishMessages from 'ra-language-english';

export const en = {
  ...englishMessages,
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, username: 'Email' } },
  resources: {
    tenants: { name: 'Tenant |||| Tenants', fields: { id: 'Id', displayName: 'Name', domain: 'Domain', version: 'Version' } },
  },
  backlot: {
    menu: { tenants: 'Tenants', site: 'Branding and site' },
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
    site: { title: 'Branding and site: %{tenant}', domainLocked: 'Only platform staff change the domain.' },
    tenants: { open: 'Open', empty: 'No tenants yet.' },
    noTenant: 'This account has no tenant yet: ask platform staff to add one.',
  },
};
