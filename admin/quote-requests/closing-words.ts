/**
 * What closing a hire takes, in the words of its confirmation: from the card held (all of the final
 * invoice, or as much as the hold gives), from an account's deposit card (only the charges after
 * the hire), or from no card at all.
 */
import type { PricingView } from './quote-api';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function closingSaid(
  view: Pick<PricingView, 'account'> & { closing: NonNullable<PricingView['closing']> },
  choice: 'invoice' | 'credit',
  money: (amount: number) => string,
  translate: Translate,
): string {
  const { from } = view.closing;
  const { due, capture } = view.closing[choice];
  const words = { due: money(due), capture: money(capture), rest: money(Math.max(0, due - capture)) };
  const key =
    from === 'card'
      ? capture < due
        ? 'cardShort'
        : 'card'
      : from === 'deposit'
        ? capture > 0
          ? 'deposit'
          : 'depositNothing'
        : view.account
          ? 'account'
          : 'invoice';
  return translate(`backlot.quotes.closing.${key}`, words);
}
