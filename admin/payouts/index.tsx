import { lazyScreen } from '../components/lazyScreen';

// Every house on the platform with its payouts: only platform staff open it, loaded then.
export default {
  list: lazyScreen(() => import('./HouseList').then((m) => m.HouseList)),
};
