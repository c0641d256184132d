/** The console prepares an upload's name and says its limits before sending anything. */
import { describe, expect, it } from 'vitest';
import { uploadName, uploadRefusal } from '../../../admin/assets/upload';
import { UPLOAD_NAME } from '../../../server/lib/asset-upload';

describe('uploadName', () => {
  it('makes a name the API takes', () => {
    for (const [given, made] of [
      ['New Logo.PNG', 'new-logo.png'],
      ['Café Crème (v2).svg', 'cafe-creme-v2.svg'],
      ['..hidden.png', 'hidden.png'],
      ['%%%.jpg', 'image.jpg'],
    ] as const) {
      expect(uploadName(given)).toBe(made);
      expect(made).toMatch(UPLOAD_NAME);
    }
    expect(uploadName('notes.txt')).toBeUndefined();
    expect(uploadName('no-extension')).toBeUndefined();
  });

  it('refuses other kinds and files over 2 MB before sending', () => {
    expect(uploadRefusal({ name: 'brief.pdf', size: 10 })).toBe(
      'brief.pdf is not an SVG, PNG, JPEG, WebP or ICO image.',
    );
    expect(uploadRefusal({ name: 'huge.png', size: 3 * 1024 * 1024 })).toBe(
      'huge.png is 3.0 MB; images may be at most 2 MB.',
    );
    expect(uploadRefusal({ name: 'ok.png', size: 1024 })).toBeUndefined();
  });
});
