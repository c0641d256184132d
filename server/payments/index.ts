/**
 * The payments domain's front door: what the rest of the server uses of it. Card holds (the
 * service, and the rules a quote step consults), and the PaymentProvider port with its errors.
 * Its adapters (test-payment-provider.ts, stripe-payment-provider.ts) are imported by name only
 * where one is chosen or its own pages are served: the payments plugin and the card-hold routes.
 */
export {
  CardHoldNeededError,
  CardHolds,
  holdAfterStep,
  neededFor,
  tooLargeForACard,
  type HoldTerms,
  type HoldTermsSource,
} from './card-holds';
export {
  ProviderRefusedError,
  ProviderUnavailableError,
  type ConnectedAccount,
  type PaymentProvider,
} from './payment-provider';
export { paymentServices, type PaymentDependencies, type PaymentServices } from './services';
