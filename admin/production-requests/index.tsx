import { lazyScreen } from '../components/lazyScreen';

// Only platform staff open it: loaded then, not with the console.
export default {
  list: lazyScreen(() => import('./ProductionRequestList').then((m) => m.ProductionRequestList)),
};
