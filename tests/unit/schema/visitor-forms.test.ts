/** The storefront's set-list and quote forms take what the schemas take, read through their $refs, never restated. */
import { describe, expect, it } from 'vitest';
import { schemaDocuments } from '../../../schema/documents';
import { visitorForms } from '../../../schema/visitor-forms';

describe('visitor forms', () => {
  it('bound each set-list and quote text by its schema', () => {
    expect(visitorForms.maxLengths).toEqual({
      // The set list's name is a label (defs.schema.json).
      setListName: schemaDocuments.defs.$defs.label.maxLength,
      setListNotes: schemaDocuments.setList.$defs.notes.maxLength,
      quoteDetail: schemaDocuments.quoteRequest.$defs.shortText.maxLength,
      quoteNotes: schemaDocuments.quoteRequest.$defs.notes.maxLength,
      // Why a quote is declined or cancelled, shown to the other side.
      stepReason: schemaDocuments.quoteRequest.$defs.stepInput.properties.reason.maxLength,
      // The purchase order given when accepting, printed on the invoices: a short text.
      purchaseOrder: schemaDocuments.quoteRequest.$defs.shortText.maxLength,
      // Who pays, and who the invoices are made out to, asked when accepting.
      billingContact: schemaDocuments.quoteRequest.properties.billingContact.maxLength,
      billingAddress: schemaDocuments.quoteRequest.$defs.billingAddress.maxLength,
      joinCompany: schemaDocuments.customerAccount.$defs.joinRequest.properties.company.maxLength,
      joinMessage: schemaDocuments.customerAccount.$defs.joinRequest.properties.message.maxLength,
    });
    // The reason and the purchase order are a short text's length, the billing contact and address 300, the company
    // to join 200 and its note 1,000: ten bounds, seven distinct.
    expect(new Set(Object.values(visitorForms.maxLengths)).size).toBe(7);
  });
});
