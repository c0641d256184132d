/** A production's steps on a storefront page in Chromium, as the page's own scripts take them. */
import type { Page } from 'playwright-core';

/** Sends a quote request from the page (the visitor's session), as the request form does; its id. */
export const sendQuoteRequest = (page: Page, body: object) =>
  page.evaluate(
    (request) =>
      fetch('/api/quote-requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      }).then((response) => response.json() as Promise<{ id: string }>),
    body,
  );

/** Authorises Stripe's test card in the quote page's card panel, and waits until it is held. */
export async function authoriseTestCard(page: Page): Promise<void> {
  const cardPanel = page.getByRole('region', { name: /Your card/ });
  await cardPanel.getByRole('button', { name: 'Authorise my card' }).click();
  await cardPanel.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await cardPanel
    .getByRole('textbox', { name: 'Expiry (MM / YY)' })
    .fill(`12 / ${String((new Date().getUTCFullYear() + 2) % 100)}`);
  await cardPanel.getByRole('textbox', { name: 'Security code' }).fill('123');
  await cardPanel.getByRole('button', { name: /^Authorise \$/ }).click();
  await cardPanel.getByText(/^\$[\d,.]+ is held on your card until /).waitFor();
}

/**
 * Keeps a blanket certificate (any lessor, US$500,000 on rented property, a year from today) in
 * the "Your certificates" region of the page, as a production fills the form; waits until it is kept.
 */
export async function keepCertificate(page: Page, pdf: Buffer, today: string, lastDay: string): Promise<void> {
  const kept = page.getByRole('region', { name: 'Your certificates' });
  await kept.getByLabel(/^Certificate \(PDF/).setInputFiles({
    name: 'night-flight-coi.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  await kept.getByLabel('Insurer').fill('Film Mutual');
  await kept.getByLabel('Policy number').fill('FM-2027-0042');
  await kept.getByLabel('Named insured').fill('Night Flight Productions LLC');
  await kept.getByLabel('Any lessor (blanket)').check();
  await kept.getByLabel('Rented property limit').fill('500000');
  await kept.getByLabel('Cover starts').fill(today);
  await kept.getByLabel('Cover ends').fill(lastDay);
  await kept.getByRole('button', { name: 'Keep certificate' }).click();
  await kept.locator('.kept-certificate').getByText('Film Mutual · FM-2027-0042').waitFor();
}

/**
 * Authorises a test card for a quoted request and accepts its first version, from the page (the
 * visitor's session) as the quote page's scripts do: the answer's status and the revision after.
 */
export const acceptWithTestCard = (page: Page, quoteId: string, card: object) =>
  page.evaluate(
    async ({ quoteId, card }) => {
      const post = (url: string, body?: object, headers: Record<string, string> = {}) =>
        fetch(url, {
          method: 'POST',
          headers: { ...(body && { 'content-type': 'application/json' }), ...headers },
          ...(body && { body: JSON.stringify(body) }),
        });
      const started = (await (await post(`/api/quotes/${quoteId}/card-hold`)).json()) as {
        payment: { clientSecret: string };
      };
      await post('/api/payments/test/confirm', { clientSecret: started.payment.clientSecret, ...card });
      const held = await post(`/api/quotes/${quoteId}/card-hold/refresh`);
      const answer = await post(
        `/api/quotes/${quoteId}/accept`,
        { version: 1 },
        { 'if-match': held.headers.get('etag')! },
      );
      return { status: answer.status, revision: answer.headers.get('etag')!.replace(/"/g, '') };
    },
    { quoteId, card },
  );
