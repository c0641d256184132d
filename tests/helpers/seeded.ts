/** A seeded generator of numbers in [0, 1), so a failure names items that exist on the next run. */
export function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

/** A picker over lists, drawing from `random`. */
export const pickerOf =
  (random: () => number) =>
  <T>(list: readonly T[]): T =>
    list[Math.floor(random() * list.length)]!;
