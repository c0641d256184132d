/** The current page's meta (name, status, resolved page) from its path and the configuration. */
import { usePageState } from '../config/ConfigurationProvider';
import { pageMeta } from '../document/page-meta';

export function usePageMeta() {
  const state = usePageState();
  return pageMeta(state.configuration, state.path, state.content, state);
}
