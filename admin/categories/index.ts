export { CategoryTreeEdit } from './CategoryTreeEdit';
