/** Hydrates the server-rendered page from the JSON state block (no inline script: the CSP allows none). */
import { hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { STATE_ELEMENT_ID, type PageState } from './document/state';
import { startTracking } from './lib/tracking';
import { startLocating } from './lib/visitor-location';
import './styles/storefront.css';

const state = JSON.parse(document.getElementById(STATE_ELEMENT_ID)!.textContent!) as PageState;
hydrateRoot(document.getElementById('root')!, <App state={state} />);
startTracking(state.configuration.site.gaTrackingId);
startLocating(state.configuration.site);
