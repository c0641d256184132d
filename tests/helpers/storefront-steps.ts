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
