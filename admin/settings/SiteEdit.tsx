/**
 * Branding and site: the tenant's site settings as one record (`settings/site`), one tab per
 * schema section, every input from the schema (schema-form/). `domain` is read-only to tenant
 * admins (the server's write policy says the same). Saving sends If-Match from the record's
 * version; the server's field errors land on their inputs.
 */
import { TabbedForm, TabbedFormTabs, usePermissions, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { rootSchema } from '../../schema/schema-walk';
import type { Account } from '../authProvider';
import { RecordEdit, RecordToolbar } from '../components/RecordEdit';
import { fieldsOf, sectionsOf, withoutEmptyValues } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';
import { DaysListInput } from './DaysListInput';
import { ThemeContrast } from './ThemeContrast';

// Lists of the site (links, colours, custom fields …) have their own editors; arrays are skipped by fieldsOf.
const fields = fieldsOf(rootSchema('site'));
const sections = sectionsOf(fields);

export function SiteEdit() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  const { permissions } = usePermissions<Account | undefined>();
  const isPlatform = permissions?.role === 'platform-staff';
  return (
    <RecordEdit
      preview={{ path: '/' }}
      resource={`tenants/${tenantId}/settings`}
      id="site"
      transform={withoutEmptyValues}
      title={translate('backlot.site.title', { tenant: tenantId })}
    >
      {/* The form's root is named: react-admin infers it as ":resource/:id" (here /t/<tenant>), which took
          every other screen of the tenant for one of this form's tabs and left without asking. */}
      <TabbedForm
        formRootPathname={`/t/${tenantId}/site`}
        toolbar={<RecordToolbar />}
        warnWhenUnsavedChanges
        tabs={<TabbedFormTabs variant="scrollable" scrollButtons="auto" />}
      >
        {sections.map((section, index) => (
          // The first tab is the record's own address; the others add their section's name.
          <TabbedForm.Tab
            key={section}
            label={translate(`backlot.sections.${section}`, { _: section })}
            path={index === 0 ? undefined : section}
          >
            {fields
              .filter((field) => field.section === section)
              .map((field) => (
                <SchemaInput
                  key={field.source}
                  field={field}
                  readOnly={field.readOnly || (field.source === 'domain' && !isPlatform)}
                />
              ))}
            {section === 'theme' && <ThemeContrast fields={fields} />}
            {section === 'invoices' && <DaysListInput source="reminderDays" />}
          </TabbedForm.Tab>
        ))}
      </TabbedForm>
    </RecordEdit>
  );
}
