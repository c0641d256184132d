export { SiteEdit } from './SiteEdit';
