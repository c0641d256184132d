export { VendorEdit } from './VendorEdit';
