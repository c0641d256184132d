/** What each piece earns (/t/<tenantId>/earnings): the report by item or category, its chart and its files. */
export { EarningsScreen } from './EarningsScreen';
