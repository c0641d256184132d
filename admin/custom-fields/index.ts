export { CustomFieldsEdit } from './CustomFieldsEdit';
