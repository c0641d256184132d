export { AssetsPanel } from './AssetsPanel';
