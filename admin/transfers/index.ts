/** Transfers (/t/<tenantId>/transfers): stock moved between the house's stores, and a form to move more. */
export { TransfersScreen } from './TransfersScreen';
