/**
 * An account's tax-exemption certificate as a file over the real app (issue 38): a PDF kept and read
 * back as uploaded, on the account's version; a file that is not a PDF or image refused on the file;
 * none taken before the account names a certificate, or for an expired one; a stale version refused;
 * a file named in an edit's body ignored (only an upload sets it), and dropped when another
 * certificate is named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server';
import { TINY_PDF } from '../fixtures/tiny-pdf';
import { TINY_PNG } from '../fixtures/tiny-png';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PDF = TINY_PDF;
const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.as('aviationAdmin', { method, url: `/api/tenants/aviation/accounts${url}`, ...(payload && { payload }), headers });
const upload = (data: Buffer, version: number) =>
  api('PUT', '/paramount/exemption-certificate', { data: data.toString('base64') }, { 'if-match': `"${version}"` });
const account = {
  id: 'paramount',
  name: 'Paramount',
  kind: 'studio',
  terms: { method: 'account', netDays: 30 },
  members: [],
};

describe('an exemption certificate on an account', () => {
  it('is taken only for a certificate the account names, in date, as a PDF or image', async () => {
    expect((await api('POST', '', account)).statusCode).toBe(201);
    const none = await upload(PDF, 1);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      'Not uploaded: give the certificate’s kind, number and expiry on the account first, then upload it',
    );

    const expired = await api(
      'PUT',
      '/paramount',
      { ...account, exemption: { kind: 'resale', number: 'SR-1', expiresOn: '2020-01-31' } },
      { 'if-match': '"1"' },
    );
    expect(expired.statusCode).toBe(200);
    expect((await upload(PDF, 2)).json().message).toBe(
      'Not uploaded: certificate SR-1 expired on 2020-01-31. Give the new certificate’s number and expiry first, then upload it',
    );

    const current = { ...account, exemption: { kind: 'resale', number: 'SR-2', expiresOn: '2099-12-31' } };
    expect((await api('PUT', '/paramount', current, { 'if-match': '"2"' })).statusCode).toBe(200);
    const text = await upload(Buffer.from('just some words, not a certificate'), 3);
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.data).toBe('is not a PDF, PNG or JPEG: upload the certificate as a PDF or a photo of it');
    expect((await upload(PDF, 2)).statusCode).toBe(412);
    // A file that starts like a PDF (or an image) but does not open as one is refused by what a reader makes of it.
    const disguised = await upload(Buffer.from('%PDF-<html><body><script>alert(1)</script></body></html>'), 3);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().errors.data).toMatch(
      /^is not a PDF a reader can open \(.+\): save it again as a PDF, or upload a photo of it$/,
    );
    const brokenPhoto = await upload(
      Buffer.concat([TINY_PNG.subarray(0, 24), Buffer.from('not the rest of a picture')]),
      3,
    );
    expect(brokenPhoto.json().errors.data).toMatch(/^is not a PNG image that opens/);
    expect((await upload(TINY_PNG, 3)).statusCode).toBe(200);

    const kept = await upload(PDF, 4);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().exemption.file).toMatch(/^exemption-[a-f0-9]{8}-[a-f0-9]{16}\.pdf$/);
    const file = await api('GET', '/paramount/exemption-certificate');
    expect([file.statusCode, file.headers['content-type'], file.headers['content-disposition']]).toEqual([
      200,
      'application/pdf',
      'attachment; filename="paramount-exemption-SR-2.pdf"',
    ]);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('keeps the uploaded file through edits whatever their body says, and drops it for another certificate', async () => {
    const stored = (await api('GET', '/paramount')).json();
    const edited = await api(
      'PUT',
      '/paramount',
      {
        ...account,
        notes: 'Pays on the 1st',
        exemption: { ...stored.exemption, file: 'exemption-00000000-0000000000000000.pdf' },
      },
      { 'if-match': `"${stored.version}"` },
    );
    expect(edited.json().exemption.file).toBe(stored.exemption.file);
    const renewed = await api(
      'PUT',
      '/paramount',
      { ...account, exemption: { kind: 'resale', number: 'SR-3', expiresOn: '2099-12-31' } },
      { 'if-match': `"${edited.json().version}"` },
    );
    expect(renewed.json().exemption.file).toBeUndefined();
    const gone = await api('GET', '/paramount/exemption-certificate');
    expect([gone.statusCode, gone.json().message]).toEqual([404, 'Paramount has no exemption certificate file.']);
  });
});
