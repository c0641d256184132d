/**
 * Typo tolerance for the embedded index: the terms of its vocabulary a typed word could have
 * meant. Pure and synchronous.
 */

/**
 * The terms of a sorted vocabulary within `max` typos of `word` (optimal string alignment: a swap
 * of neighbours is one typo, so "chiar" finds "chair"), with their distance, exact matches left out.
 * The sorted list is walked as a trie: a term shares the rows of the prefix it has in common with
 * the term before it, and once a prefix is beyond `max` every term under it is skipped by binary
 * search. A platform's vocabulary is 50 houses' serial numbers: comparing with each term in turn
 * took 20 ms a word, this visits the few branches a word could be in.
 */
export function termsWithinTypos(sorted: readonly string[], word: string, max: number): Map<string, number> {
  const found = new Map<string, number>();
  const n = word.length;
  const rows: Int32Array[] = [Int32Array.from({ length: n + 1 }, (_, j) => j)];
  const rowAt = (depth: number) => (rows[depth] ??= new Int32Array(n + 1));
  let previous = '';
  /** Rows 0…computed hold the prefix of `previous` of that length. */
  let computed = 0;
  let i = 0;
  while (i < sorted.length) {
    const term = sorted[i]!;
    let depth = 0;
    const limit = Math.min(computed, previous.length, term.length);
    while (depth < limit && term.charCodeAt(depth) === previous.charCodeAt(depth)) depth++;
    let pruned = -1;
    for (let d = depth + 1; d <= term.length; d++) {
      const row = rowAt(d);
      const above = rows[d - 1]!;
      const c = term.charCodeAt(d - 1);
      row[0] = d;
      let rowMin = d;
      for (let j = 1; j <= n; j++) {
        const w = word.charCodeAt(j - 1);
        let cost = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (c === w ? 0 : 1));
        if (d > 1 && j > 1 && c === word.charCodeAt(j - 2) && term.charCodeAt(d - 2) === w)
          cost = Math.min(cost, rows[d - 2]![j - 2]! + 1);
        row[j] = cost;
        if (cost < rowMin) rowMin = cost;
      }
      computed = d;
      if (rowMin > max) {
        pruned = d;
        break;
      }
    }
    previous = term;
    if (pruned < 0) {
      computed = term.length;
      const distance = rows[term.length]![n]!;
      if (distance > 0 && distance <= max) found.set(term, distance);
      i++;
      continue;
    }
    // Nothing under this prefix can come within `max`: skip to the first term past it, galloping
    // (most pruned branches hold a few terms), then halving.
    const prefix = term.slice(0, pruned);
    let low = i + 1;
    let step = 1;
    while (low + step < sorted.length && sorted[low + step]!.startsWith(prefix)) {
      low += step;
      step *= 2;
    }
    let high = Math.min(sorted.length, low + step);
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]!.startsWith(prefix)) low = middle + 1;
      else high = middle;
    }
    i = low;
  }
  return found;
}
