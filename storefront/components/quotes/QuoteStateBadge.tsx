/** A quote's state as a small coloured label (the colour is a hint; the word says it). */
import type { QuoteState } from '../../../schema/rental/quote-states';
import { quoteMessages } from '../../i18n/quote-messages';

export function QuoteStateBadge({ state }: { state: QuoteState }) {
  return <span className={`badge quote-state quote-state-${state}`}>{quoteMessages.states[state]}</span>;
}
