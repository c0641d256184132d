export { LinksEdit } from './LinksEdit';
