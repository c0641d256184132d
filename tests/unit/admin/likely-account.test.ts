/**
 * The account a request to join most likely means (admin/accounts/JoinRequests.tsx): the one sharing
 * most words with the company the visitor named, whatever the case and punctuation; none when no
 * word is shared (staff choose).
 */
import { describe, expect, it } from 'vitest';
import { likelyAccount } from '../../../admin/accounts/JoinRequests';

const accounts = [
  { id: 'warner', name: 'Warner Bros. Pictures' },
  { id: 'warner-tv', name: 'Warner Bros. Television' },
  { id: 'a24', name: 'A24 Films' },
];

describe('the likely account', () => {
  it('is the one sharing most words with the named company', () => {
    expect(likelyAccount('warner bros pictures', accounts)).toBe('warner');
    expect(likelyAccount('WARNER BROS. TELEVISION', accounts)).toBe('warner-tv');
    expect(likelyAccount('A24', accounts)).toBe('a24');
  });

  it('is none when nothing is shared', () => {
    expect(likelyAccount('Paramount', accounts)).toBeUndefined();
    expect(likelyAccount('', accounts)).toBeUndefined();
  });
});
