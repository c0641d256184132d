/** The planner (/t/<tenantId>/planner): every item's bookings over a range, one call, drawn virtualised. */
export { PlannerScreen } from './PlannerScreen';
