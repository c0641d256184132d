export { ColorMapEdit } from './ColorMapEdit';
