export { QuoteRequestList } from './QuoteRequestList';
