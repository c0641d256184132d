/** /categories: the whole rental tree, department by department. */
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { useConfiguration } from '../config/ConfigurationProvider';
import { messages } from '../i18n/messages';
import { rentalGroups } from '../../schema/rental-groups';
import { categoryHref } from '../lib/navigation';
import { usePageMeta } from './usePageMeta';

export function CategoriesPage() {
  const { categories } = useConfiguration();
  const meta = usePageMeta();
  const groups = rentalGroups(categories);
  return (
    <>
      <PageHeader title={meta.name} lead={messages.categoriesLead} />
      <div className="container section">
        {groups.length === 0 && <EmptyState message={messages.emptyCategory} />}
        <div className="tree">
          {groups.map((group) => (
            <section key={group.slug} className="tree-group" aria-labelledby={`group-${group.slug}`}>
              <h2 id={`group-${group.slug}`}>
                <a href={categoryHref(group.slug)}>{group.name}</a>
              </h2>
              <ul className="tree-categories">
                {group.categories.map((category) => (
                  <li key={category.slug}>
                    <a className="tree-category" href={categoryHref(group.slug, category.slug)}>
                      {category.name}
                    </a>
                    {category.subcategories?.length ? (
                      <ul className="tree-subcategories">
                        {category.subcategories.map((sub) => (
                          <li key={sub.slug}>
                            <a href={categoryHref(group.slug, category.slug, sub.slug)}>{sub.name}</a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
