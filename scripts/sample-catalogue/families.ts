/** What a sample catalogue is made from: product families, each a set of axes whose values combine into items. */
import type { Pictogram } from './pictograms';

/** One value of a family's axis: its words in the name and what it changes. */
export interface Variant {
  label: string;
  /** Words for the alt text ({0a}); the label when absent. */
  alt?: string;
  /** Where the item goes, the family's path completed or overridden from the end: 'subcategory', 'category/subcategory', or a whole path. */
  at?: string;
  colors?: string[];
  /** Custom field values; a key here replaces the family's. */
  fields?: Record<string, string[]>;
  tags?: string[];
  /** Multipliers of the family's rate, weight (default: the size's) and size. */
  rate?: number;
  weight?: number;
  size?: number;
  qty?: number | [number, number];
  /** A sentence for the description. */
  note?: string;
  /** The vendor listing it, when not the family's. */
  vendor?: string;
  /** Its picture, when not the family's. */
  pic?: Pictogram;
}
export type Axis = readonly (string | Variant)[];

/** A product family: every combination of its axes is one item (`take` of them, each first value covered). */
export interface Family {
  /** Templates: {0} the label of axis 0's value, {0a} its alt words, {0A} those capitalised. */
  name: string;
  at: string;
  pic: Pictogram;
  axes: readonly Axis[];
  take?: number;
  /** Names that must be among the items taken. */
  include?: readonly string[];
  day: number;
  qty: number | [number, number];
  lb: number;
  dims: [number, number, number];
  tags?: string[];
  fields?: Record<string, string[]>;
  colors?: string[];
  /** First sentence: what it is. */
  what: string;
  /** Condition sentences, one chosen when no variant has a note (default CONDITIONS; [] for none). */
  conditions?: readonly string[];
  /** What it suits on camera: one is chosen. */
  suits: readonly string[];
  /** Practical notes: one is chosen. */
  notes: readonly string[];
  alt: string;
  vendor?: string;
}
