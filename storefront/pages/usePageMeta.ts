/** The current page's meta (name, status, resolved page) from its path and the configuration. */
import { useConfiguration, usePageContent, usePageItem, usePagePath } from '../config/ConfigurationProvider';
import { pageMeta } from '../document/page-meta';

export function usePageMeta() {
  return pageMeta(useConfiguration(), usePagePath(), usePageContent(), usePageItem().item);
}
