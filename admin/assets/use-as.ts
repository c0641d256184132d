/**
 * "Use as …" on an image: the setting it fills, and the size that setting then declares. An image
 * setting (the header logo) carries its width and height so the page reserves its space; they
 * come from the picture (an SVG's width/height or viewBox, a PNG's header), kept within the
 * schema's bounds, and a logo already placed keeps its height with the new picture's shape.
 * And when the server refuses the save anyway, what it said, field by field. Pure.
 */

export interface PixelSize {
  width: number;
  height: number;
}

export interface SizeBounds {
  width: { min?: number; max?: number };
  height: { min?: number; max?: number };
}

const clamp = (value: number, { min = 1, max = Infinity }: { min?: number; max?: number }) =>
  Math.min(max, Math.max(min, Math.round(value)));

/**
 * The width and height an image setting declares for a picture of `picture` pixels: the current
 * height kept when there is one, else the picture's own size, scaled down as a whole to fit the
 * bounds. Undefined when the picture's size is unknown and the setting has none to keep.
 */
export function declaredSize(
  current: Partial<PixelSize> | undefined,
  picture: Partial<PixelSize>,
  bounds: SizeBounds,
): PixelSize | undefined {
  const { width: pw, height: ph } = picture;
  if (!pw || !ph)
    return typeof current?.width === 'number' && typeof current.height === 'number'
      ? { width: current.width, height: current.height }
      : undefined;
  if (typeof current?.height === 'number')
    return { width: clamp((current.height * pw) / ph, bounds.width), height: current.height };
  const scale = Math.min(1, (bounds.width.max ?? Infinity) / pw, (bounds.height.max ?? Infinity) / ph);
  return { width: clamp(pw * scale, bounds.width), height: clamp(ph * scale, bounds.height) };
}

/** A refused save in words: the server's message, then each field it named and why. */
export function refusalMessage(error: unknown, label: (field: string) => string = (field) => field): string {
  const { message, body } = (error ?? {}) as {
    message?: string;
    body?: { message?: string; errors?: Record<string, string>; elsewhere?: Record<string, string> };
  };
  const fields = { ...body?.errors, ...body?.elsewhere };
  const named = Object.entries(fields).map(([field, why]) => `${label(field)}: ${why}`);
  const head = body?.message ?? message ?? 'Not saved';
  return named.length ? `${head}. ${named.join('; ')}` : head;
}
