/** The embedded SearchIndex (server/search/engine/in-process-search.ts) against the SearchIndex contract. */
import { InProcessSearchIndex } from '../../server/search/engine/in-process-search';
import { searchIndexContract } from './search-index.contract';

searchIndexContract('in-process', async () => ({ index: new InProcessSearchIndex(), close: async () => {} }));
