export { HistoryList } from './HistoryList';
