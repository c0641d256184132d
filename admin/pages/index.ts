export { PagesEdit } from './PagesEdit';
