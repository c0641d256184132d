/** admin/assets/use-as.ts: the size an image setting declares for a picture, and a refused save in words. */
import { describe, expect, it } from 'vitest';
import { declaredSize, refusalMessage } from '../../../admin/assets/use-as';

const bounds = { width: { min: 1, max: 4096 }, height: { min: 1, max: 4096 } };

describe('declaredSize', () => {
  it("takes the picture's own size when the setting has none (a new tenant's first logo)", () => {
    expect(declaredSize(undefined, { width: 240, height: 60 }, bounds)).toEqual({ width: 240, height: 60 });
    expect(declaredSize({}, { width: 240.4, height: 59.6 }, bounds)).toEqual({ width: 240, height: 60 });
  });

  it('keeps a placed logo its height, its width following the new shape, within bounds', () => {
    expect(declaredSize({ width: 96, height: 48 }, { width: 240, height: 60 }, bounds)).toEqual({
      width: 192,
      height: 48,
    });
    expect(declaredSize({ height: 48 }, { width: 100000, height: 10 }, bounds)).toEqual({ width: 4096, height: 48 });
  });

  it('scales a picture larger than the bounds down as a whole, and knows when it cannot tell', () => {
    expect(declaredSize(undefined, { width: 8192, height: 2048 }, bounds)).toEqual({ width: 4096, height: 1024 });
    expect(declaredSize(undefined, {}, bounds)).toBeUndefined();
    expect(declaredSize({ width: 10, height: 20 }, {}, bounds)).toEqual({ width: 10, height: 20 });
  });
});

describe('refusalMessage', () => {
  it('names each field the server refused, and why, after its message', () => {
    const error = {
      message: 'Not saved: 2 problems to fix',
      body: {
        message: 'Not saved: 2 problems to fix',
        errors: {
          'headerLogo.width': 'missing required key "width"',
          'headerLogo.height': 'missing required key "height"',
        },
      },
    };
    expect(refusalMessage(error, (field) => field.toUpperCase())).toBe(
      'Not saved: 2 problems to fix. HEADERLOGO.WIDTH: missing required key "width"; HEADERLOGO.HEIGHT: missing required key "height"',
    );
    expect(refusalMessage({ message: 'Conflict' })).toBe('Conflict');
  });
});
