/**
 * /quotes/<id> on the platform, for a part of one of the production's requests (the houses' mails
 * link here, where the production is signed in): opens the part's page at its house, signed in as
 * on the platform (the hand-off). A part that is not theirs reads as the quote page's "not here".
 */
import { useEffect, useState } from 'react';
import { QUOTES_PATH, quoteHref } from '../../../schema/routes';
import { identityApi, toIdentityError } from '../../auth/identity-api';
import { messages as allMessages } from '../../i18n/messages';
import { quoteMessages } from '../../i18n/quote-messages';
import { productionRequestsApi, type ShownPart } from '../../lib/production-requests-api';
import { EmptyState } from '../EmptyState';
import { PageHeader } from '../PageHeader';

const messages = allMessages.marketplace;

type Opening =
  | { step: 'finding' }
  | { step: 'missing' }
  | { step: 'unreadable'; problem: string }
  | { step: 'opening' | 'failed'; part: ShownPart & { href: string } };

export function PartAtItsHouse({ id }: { id: string }) {
  const [opening, setOpening] = useState<Opening>({ step: 'finding' });
  useEffect(() => {
    let live = true;
    void (async () => {
      let requests: Awaited<ReturnType<typeof productionRequestsApi.list>>;
      try {
        requests = await productionRequestsApi.list();
      } catch (failure) {
        // The requests could not be read: say so, rather than that the quote is not theirs.
        if (live) setOpening({ step: 'unreadable', problem: toIdentityError(failure).message });
        return;
      }
      const part = requests.flatMap((request) => request.parts).find((each) => each.quoteId === id && each.href);
      if (!live) return;
      if (!part?.href) return setOpening({ step: 'missing' });
      const found = { ...part, href: part.href };
      setOpening({ step: 'opening', part: found });
      try {
        const { url } = await identityApi.handOff(part.house, quoteHref(id));
        if (live) window.location.replace(url);
      } catch {
        if (live) setOpening({ step: 'failed', part: found });
      }
    })();
    return () => void (live = false);
  }, [id]);

  const title =
    opening.step === 'opening' || opening.step === 'failed' ? opening.part.houseName : allMessages.quotePageHeading;
  return (
    <>
      <PageHeader title={title} crumbs={[{ name: allMessages.quotesHeading, href: QUOTES_PATH }]} />
      <div className="container section">
        {opening.step === 'finding' && (
          <p className="loading-line" role="status">
            {allMessages.loading}
          </p>
        )}
        {opening.step === 'opening' && (
          <p className="loading-line" role="status">
            {messages.openingAtHouse(opening.part.houseName)}
          </p>
        )}
        {opening.step === 'missing' && (
          <EmptyState message={quoteMessages.quoteGone}>
            <a className="button button-primary" href={QUOTES_PATH}>
              {quoteMessages.backToQuotes}
            </a>
          </EmptyState>
        )}
        {opening.step === 'unreadable' && (
          <EmptyState message={opening.problem}>
            <a className="button button-primary" href={QUOTES_PATH}>
              {quoteMessages.backToQuotes}
            </a>
          </EmptyState>
        )}
        {opening.step === 'failed' && (
          <EmptyState message={messages.openAtHouseFailed(opening.part.houseName)}>
            <a className="button button-primary" href={opening.part.href}>
              {messages.openAtHouse(opening.part.houseName)}
            </a>
          </EmptyState>
        )}
      </div>
    </>
  );
}
