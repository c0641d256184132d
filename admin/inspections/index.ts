/** Tests due (/t/<tenantId>/tests): the units whose tests fall due soon or are overdue, each tested from here. */
export { TestsDueScreen } from './TestsDue';
