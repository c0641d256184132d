/** Names and file names people read drop what would hide or reorder their text (NUL, controls, bidi overrides), keeping what they typed. */
import { describe, expect, it } from 'vitest';
import { plainText } from '../../../schema/plain-text';

describe('plain text', () => {
  it('drops NUL, controls and direction marks, and keeps letters, line breaks and tabs', () => {
    expect(plainText('coi\u202Efdp.exe')).toBe('coifdp.exe');
    expect(plainText('Dana\u0000 Reyes\u200F')).toBe('Dana Reyes');
    expect(plainText('\u2066Zoë\u2069 Łukasiewicz\u061C')).toBe('Zoë Łukasiewicz');
    expect(plainText('line one\nline\ttwo')).toBe('line one\nline\ttwo');
    expect(plainText('Москва — «Ωmega» 東京')).toBe('Москва — «Ωmega» 東京');
  });
});
