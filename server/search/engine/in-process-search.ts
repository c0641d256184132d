/**
 * The embedded SearchIndex: each tenant's catalogue in memory, in this process, hand-rolled over
 * typed arrays. Chosen by measurement on the 50,000 items of tests/bench/search.ts: minisearch's
 * prefix and fuzzy text search alone took 35 ms at p95 (and 100 MB of heap), minisearch ids fed to
 * itemsjs for facets 115 ms; this answers text, facets and the page in about 5 ms at p95.
 *
 * Items live in slots. Every facet value and every category path has a bitset of the slots that
 * carry it, so a filter is an OR of bitsets; facets are counted by facet-tally.ts (exactly, or from
 * a sample of the platform's broadest results), and counts with no words are kept as items come and
 * go. Text is text-index.ts's (posting lists, common words also a bitset, typos by typos.ts), and
 * narrows the slots before any facet work. A write appends a slot (an upsert also
 * retires the item's old slot); retired slots stay in the bitsets and postings but out of the
 * `alive` bitset every search starts from, until enough pile up that the tenant is rebuilt from its
 * live items.
 *
 * On the platform each house's listings are one run of slots (and the words of those it added or
 * changed since: slot-bits.ts's WordRanges), so a search reads a house's location and vendor there
 * only, orders nearest first house by house, and scores text only for the matches the page is
 * drawn from. A search carries its sets with the words they occupy, so once
 * words or a selection narrow it, later steps read those words, not the catalogue's 7,800; and a
 * selection over the whole catalogue is kept, and brought up to date by each write. Over 50 houses ×
 * 5,000 listings this took a search's p95 from 5.4 to about 0.45–0.5 ms as the first search after
 * a write, a little under twice one house's, and 0.2 ms asked again (tests/bench/marketplace.ts).
 */
import { PlaceDistances, type SeenFrom } from './place-distances';
import { DocumentShelf, type DerivedKeys } from './document-shelf';
import { SlotValues, tallyFacets } from './facet-tally';
import { copyCountedSearch, copyKeptSet, KeptCopies, withoutSlot, withSlot, type CountedSearch } from './kept-copies';
import {
  andInto,
  firstAtOrAfter,
  grownTo,
  intersectAll,
  lengthened,
  mostWords,
  ScratchBits,
  slotSetOf,
  slotsIn,
  unionWithin,
  WordOwners,
  WordRanges,
  wordsFor,
  type SlotSet,
} from './slot-bits';
import { SlotIds } from './slot-ids';
import { TextIndex, TextScores, WORDED_KEYS, wordsOf } from './text-index';
import { isListing, listingIdOf, type Listing } from '../../../schema/marketplace/listings';
import type { GeoPoint, Item } from '../../../schema/types.generated';
import { placesOf } from '../../../schema/marketplace/distance';
import {
  PRICE_BINS,
  priceBinValue,
  type CategoryFilter,
  type FacetKey,
  type FacetValue,
  type SearchFilters,
  type SearchIndex,
  type SearchQuery,
  type SearchResult,
  type SearchSort,
} from '../search-port';

// ---------------------------------------------------------------------------------------------
// Facets: the fixed ones first, then one per custom field, numbered as the tenant's items show them.

const FIXED_FACETS: FacetKey[] = ['priceBin', 'vendors', 'tags', 'colors'];
/** The vendors' facet's number (its place in FIXED_FACETS). */
const VENDORS_FACET = 1;
const customFacet = (field: string): FacetKey => `custom.${field}`;

function selectionsOf(filters: SearchFilters): Map<FacetKey, Set<string>> {
  const selections = new Map<FacetKey, Set<string>>();
  const add = (key: FacetKey, values: unknown) => {
    // The port is typed, but its input comes from visitors' URLs: anything not a list of strings is no selection.
    if (!Array.isArray(values)) return;
    const strings = values.filter((value): value is string => typeof value === 'string');
    if (strings.length) selections.set(key, new Set(strings));
  };
  add('priceBin', filters.priceBin);
  add('vendors', filters.vendors);
  add('tags', filters.tags);
  add('colors', filters.colors);
  if (filters.custom && typeof filters.custom === 'object')
    for (const [field, values] of Object.entries(filters.custom)) add(customFacet(field), values);
  return selections;
}

/** An item's values for each facet, by facet key. */
function facetValuesOf(item: Item): Array<[FacetKey, readonly string[]]> {
  const values: Array<[FacetKey, readonly string[]]> = [
    ['priceBin', [priceBinValue(item.rates.day, isListing(item) ? item.house.currency : undefined)]],
    ['vendors', [item.vendorId]],
    ['tags', item.tags ?? []],
    ['colors', item.colors ?? []],
  ];
  for (const [field, options] of Object.entries(item.customFields ?? {}))
    values.push([customFacet(field), options ?? []]);
  return values;
}

/** The platform's bins of a currency nothing matched (and nothing selected) are left out: "$" bins all at 0 beside a London search. */
function withoutEmptyCurrencies(values: FacetValue[]): FacetValue[] {
  const used = new Set<string>();
  for (const value of values)
    if (value.count || value.selected) used.add(value.value.slice(0, Math.max(0, value.value.indexOf(':'))));
  return values.filter(
    (value) => !value.value.includes(':') || used.has(value.value.slice(0, value.value.indexOf(':'))),
  );
}

interface CategoryNode {
  /** Its path ("furniture/seating"), which its kept set is known by. */
  path: string;
  bits: Uint32Array;
  /** Per value number, how many live items in the category hold it (kept as items come and go). */
  counts: Int32Array;
  children: Map<string, CategoryNode>;
}

type SlotOrder = (a: number, b: number) => number;

/** The counts of a category no item has been in: none (a copy is made on the first). */
const NO_COUNTS = new Int32Array(0);

/**
 * The first `k` slots in `order`, sorted: a bounded heap, so a first page of 50,000 matches sorts ~24.
 * (`slots` is sorted in place when `k` takes them all; the heap is an array, in the heap: see ScratchBits.)
 */
function firstInOrder(slots: Int32Array | number[], k: number, order: SlotOrder): ArrayLike<number> {
  if (k >= slots.length) return slots.sort(order);
  // A heap whose root is the worst slot kept so far.
  const heap: number[] = [];
  const siftDown = (size: number) => {
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= size) return;
      const right = left + 1;
      const worse = right < size && order(heap[right]!, heap[left]!) > 0 ? right : left;
      if (order(heap[worse]!, heap[at]!) <= 0) return;
      const kept = heap[at]!;
      heap[at] = heap[worse]!;
      heap[worse] = kept;
      at = worse;
    }
  };
  for (let i = 0; i < k; i++) {
    let at = i;
    heap[at] = slots[i]!;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (order(heap[at]!, heap[parent]!) <= 0) break;
      const kept = heap[at]!;
      heap[at] = heap[parent]!;
      heap[parent] = kept;
      at = parent;
    }
  }
  for (let i = k; i < slots.length; i++) {
    if (order(slots[i]!, heap[0]!) < 0) {
      heap[0] = slots[i]!;
      siftDown(k);
    }
  }
  return heap.sort(order);
}

const DEFAULT_PER_PAGE = 24;
const MAX_PER_PAGE = 1000;
/** Deeper than any visitor pages; bounds the sort's heap (a page beyond it is empty). */
const MAX_DEPTH = 100_000;

const wholeNumber = (value: unknown, fallback: number, min: number, max: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : fallback;

// ---------------------------------------------------------------------------------------------

/**
 * What a search works in, reused by the next: one for all of an engine's catalogues, since
 * searches are synchronous. With one per catalogue, each of hundreds of houses held its own beside
 * the platform's (text scores alone: 24 bytes a slot).
 */
interface SearchScratch {
  bits: ScratchBits;
  text: TextScores;
}
const newSearchScratch = (): SearchScratch => ({ bits: new ScratchBits(), text: new TextScores() });

/** One tenant's catalogue. Synchronous: the port's promises wrap it. */
class TenantCatalogue {
  /** Each slot's item, as bytes (read back for a page's hits, a removal's counts and a rebuild). */
  private readonly items = new DocumentShelf(LISTING_IDS);
  /** Which slot holds each item, and each slot's id. */
  private readonly ids = new SlotIds();
  private live = 0;
  private capacity = 0;
  private alive = new Uint32Array(0);
  /** `alive` as a SlotSet, until the next write: what a search with no words and no category starts from. */
  private aliveSetKept: SlotSet | undefined;
  /** 0, 1, 2… for every word of the bitsets: the words of `alive` as a SlotSet lists them all (it is dense). */
  private everyWord = new Int32Array(0);
  /**
   * Facet selections over the whole catalogue (a colour, two price bins), as sets, each write
   * applied to them: a filter cache, as Lucene's and Elasticsearch's keep, for what visitors pick
   * again and again. Bounded by KEPT_SELECTIONS; the least recently asked goes first.
   */
  private readonly keptSelections = new KeptCopies<KeptSelection>(KEPT_SELECTIONS, copyKeptSet);
  /**
   * What a search found (its matches and every facet's counts), by its category, words and
   * selections, until the next write: whatever page, order or place a visitor asks of "red chair,
   * hero-prop", they are the same. Elasticsearch's shard request cache keeps totals and
   * aggregations the same way, until a refresh that changed data. Bounded by KEPT_COUNTS; the least
   * recently asked goes first.
   */
  private readonly keptCounts = new KeptCopies<CountedSearch>(KEPT_COUNTS, copyCountedSearch);
  /** Each category's live slots, where a browse of it starts, each write applied to them as to the selections. */
  private readonly keptCategories = new KeptCopies<KeptCategory>(KEPT_CATEGORIES, copyKeptSet);
  private dayRate = new Float64Array(0);
  private created = new Float64Array(0);
  private readonly nameKey: string[] = [];
  /** Per slot, the number of its item's `_geoloc` in `points` (-1: none). Houses' items share their house's. */
  private pointOf = new Int32Array(0);
  /** Each place items are at: one point, or several (a listing kept at several stores, measured to the nearest). */
  private readonly points: GeoPoint[][] = [];
  /** The points' distances from the places searches measured from, kept (place-distances.ts). */
  private readonly placeDistances = new PlaceDistances();
  private readonly pointNumbers = new Map<string, number>();
  /**
   * Per word of slots, the one point every slot in it is at, while there are few points (the
   * platform's houses; a house's own catalogue has one): 'nearest' walks the points' runs nearest
   * first and sorts only the page's houses. Past MAX_POINT_SETS (items each at a place of their
   * own) it sorts every match instead. Not a bitset a point: those were a point × every slot, 128 MB
   * at 500 houses.
   */
  private pointWords: WordOwners | undefined = new WordOwners();
  /** Per point, the run of words its slots are in (a house's items are kept together). */
  private readonly pointRanges = new WordRanges();
  /** Price bins in a currency's name (the platform's) were seen; bare ones (one house's) were. */
  private pricedInCurrencies = false;
  private barePricesSeen = false;

  private readonly facetNumber = new Map<FacetKey, number>();
  private readonly facetKeys: FacetKey[] = [];
  /** Per facet number: value → value number. */
  private readonly valueNumbers: Array<Map<string, number>> = [];
  /** Per facet number, its value numbers in the order first seen (what a count is asked for, without a copy per search). */
  private readonly facetValueNumbers: number[][] = [];
  /**
   * Per value number, its slots; none for a vendor's (a house's on the platform: a bitset each over
   * every listing was 64 MB at 500 houses), whose slots are its words' (vendorWords, vendorOf).
   */
  private valueBits: Array<Uint32Array | undefined> = [];
  /** Per slot, its vendor's value number. */
  private vendorOf = new Int32Array(0);
  private readonly valueNames: string[] = [];
  /** Per value number, its facet's number and the run of words its slots are in. */
  private readonly facetOfValue: number[] = [];
  private readonly valueRanges = new WordRanges();
  /** Each word's vendor value, while one vendor's slots alone are in it: the houses' counts are read from it. */
  private readonly vendorWords = new WordOwners();
  private readonly slotValues = new SlotValues();
  /** Per value number, how many live items hold it (kept as items come and go), as each category's. */
  private readonly everything: Pick<CategoryNode, 'counts'> = { counts: NO_COUNTS };
  private readonly categories = new Map<string, CategoryNode>();

  private readonly scratch: ScratchBits;
  private readonly text: TextIndex;

  /**
   * `houses` finds a house's own catalogue, which a listing of it is kept over (document-shelf.ts);
   * `shared` is the engine's scratch, which every catalogue searches in.
   */
  constructor(
    items: readonly Item[],
    private readonly houses: (tenantId: string) => TenantCatalogue | undefined = () => undefined,
    shared: SearchScratch = newSearchScratch(),
  ) {
    this.scratch = shared.bits;
    this.text = new TextIndex(shared.text);
    for (const key of FIXED_FACETS) this.facetOf(key);
    for (const bin of PRICE_BINS) this.valueOf(0, bin.slug); // every bin, in order, even empty
    this.ensureCapacity(items.length);
    for (const item of byPlace(items)) this.upsert(item);
    this.settle();
  }

  /**
   * Gives back what writes left unused (the shelf's last buffer, the postings' room to grow), after
   * a bulk load or a burst of writes: a house's catalogue imported item by item on a first start
   * held its postings with room for 16 more each and a shelf buffer of up to a megabyte half empty.
   */
  settle(): void {
    this.items.trim();
    this.text.pack();
  }

  get size(): number {
    return this.live;
  }

  get retired(): number {
    return this.items.size - this.live;
  }

  liveItems(): Item[] {
    const items: Item[] = [];
    for (let slot = 0; slot < this.items.size; slot++) if (this.ids.isLive(slot)) items.push(this.items.get(slot));
    return items;
  }

  upsert(item: Item): void {
    this.remove(item.objectID);
    const slot = this.items.size;
    this.ensureCapacity(slot + 1);
    const listing = isListing(item) ? item : undefined;
    const house = listing && this.houses(listing.house.id);
    const houseSlot = listing && house?.ids.slotOf(listing.houseObjectID);
    // A listing's words are read through its house item's, when they are that item's (house-words.ts).
    let wordsAt: { text: TextIndex; slot: number } | undefined;
    if (houseSlot === undefined) this.items.push(item);
    else if (!this.items.pushOver(item, house!.items, houseSlot).some((key) => WORDED_KEYS.includes(key)))
      wordsAt = { text: house!.text, slot: houseSlot };
    this.ids.add(slot, item, houseSlot === undefined ? undefined : house!.ids.itemIdAt(houseSlot));
    this.live++;
    this.alive[slot >>> 5]! |= 1 << (slot & 31);
    this.forgetKeptSearches();
    this.dayRate[slot] = item.rates.day;
    this.created[slot] = Date.parse(item.createdAt) || 0;
    const nameKey = wordsOf(item.name).join(' ');
    // A listing's is its house item's (one string for both, not two).
    const houseNameKey = houseSlot === undefined ? undefined : house!.nameKey[houseSlot];
    this.nameKey.push(nameKey === houseNameKey ? houseNameKey : nameKey);
    const point = (this.pointOf[slot] = this.pointNumberOf(item._geoloc));
    // A slot at no point is noted too: a word it shares with a house's run is not that house's alone.
    this.pointWords?.add(point >= 0 ? point : NO_POINT, slot >>> 5);
    if (point >= 0 && this.pointWords) this.pointRanges.add(point, slot >>> 5);
    if (isListing(item)) this.registerCurrency(item.house.currency);
    else this.barePricesSeen = true;

    const numbers: number[] = [];
    for (const [key, values] of facetValuesOf(item)) {
      const facet = this.facetOf(key);
      for (const value of values) {
        const number = this.valueOf(facet, value);
        const bits = this.valueBits[number];
        if (bits) bits[slot >>> 5]! |= 1 << (slot & 31);
        this.valueRanges.add(number, slot >>> 5);
        if (key === 'vendors') {
          this.vendorWords.add(number, slot >>> 5);
          this.vendorOf[slot] = number;
        }
        numbers.push(number);
      }
    }
    this.slotValues.append(slot, numbers);
    if (
      !withSlot(this.keptSelections.values(), slot, (selection) =>
        numbers.some((value) => selection.values.includes(value)),
      )
    )
      this.keptSelections.forget();
    const { group, category, subcategory } = item.category;
    const groupNode = this.categoryNode(this.categories, group, slot);
    const categoryNode = this.categoryNode(groupNode.children, category, slot, groupNode);
    const nodes = [
      groupNode,
      categoryNode,
      ...(subcategory === undefined ? [] : [this.categoryNode(categoryNode.children, subcategory, slot, categoryNode)]),
    ];
    if (!withSlot(this.keptCategories.values(), slot, (kept) => nodes.includes(kept.node)))
      this.keptCategories.forget();
    this.countSlot(slot, item, 1);

    this.text.index(slot, item, wordsAt);
  }

  remove(objectID: string): void {
    const slot = this.ids.slotOf(objectID);
    if (slot !== undefined) this.retireSlot(slot);
  }

  /** Forgets the vendor's live items (a slot of no vendor reads 0 in vendorOf: its item says). */
  removeVendor(vendorId: string): void {
    const number = this.valueNumbers[VENDORS_FACET]!.get(vendorId);
    if (number === undefined) return;
    for (let slot = 0; slot < this.items.size; slot++)
      if (this.vendorOf[slot] === number && this.ids.isLive(slot) && this.items.get(slot).vendorId === vendorId)
        this.retireSlot(slot);
  }

  private retireSlot(slot: number): void {
    this.ids.retire(slot);
    this.countSlot(slot, this.items.get(slot), -1);
    this.items.retire(slot);
    this.text.retire(slot);
    this.alive[slot >>> 5]! &= ~(1 << (slot & 31));
    this.forgetKeptSearches();
    withoutSlot(this.keptSelections.values(), slot);
    withoutSlot(this.keptCategories.values(), slot);
    this.live--;
  }

  search(query: SearchQuery): SearchResult {
    const filters: SearchFilters = query?.filters && typeof query.filters === 'object' ? query.filters : {};
    const perPage = wholeNumber(query?.perPage, DEFAULT_PER_PAGE, 1, MAX_PER_PAGE);
    const page = wholeNumber(query?.page, 0, 0, Number.MAX_SAFE_INTEGER);
    const sort: SearchSort = query?.sort ?? 'relevance';

    this.scratch.reset(wordsFor(this.items.size), this.valueNames.length);
    const category = this.categoryNodeOf(filters.category);
    const excludedSlots = ((Array.isArray(query?.exclude) ? query.exclude : []) as readonly string[]).flatMap(
      (objectID) => this.ids.slotOf(objectID) ?? [],
    );
    const excluded = excludedSlots.length > 0;
    const words = typeof query?.text === 'string' ? this.text.queryWords(query.text) : [];
    this.text.useSynonyms(Array.isArray(query?.synonyms) ? query.synonyms : undefined);
    const seen = this.seenFrom(query?.near);
    const distances = seen?.distances;
    const radius = distances && typeof query.withinKm === 'number' && query.withinKm >= 0;
    // With nothing but a category, the base's counts are kept up to date as items come and go.
    const baseCounts =
      words.length || excluded || radius
        ? undefined
        : category === undefined
          ? this.everything.counts
          : (category?.counts ?? NO_COUNTS);

    // Each selection by the values items have (a value made up in a URL adds nothing), which is
    // also how a search's matches and counts are kept until the next write.
    const selections = selectionsOf(filters);
    const known = new Map<FacetKey, string[]>();
    for (const [key, values] of selections) {
      const numbers = this.valueNumbers[this.facetNumber.get(key) ?? -1];
      known.set(key, [...values].filter((value) => numbers?.has(value)).sort());
    }
    const countsKey =
      (selections.size > 0 || words.length > 0) && !excluded && !radius && category !== null
        ? [
            category?.path ?? '',
            words.map((word) => this.text.spelled(word)).join(' '),
            ...[...known].map(([key, values]) => `${key}\u0000${values.join('\u0000')}`).sort(),
          ].join('\u0001')
        : undefined;
    let kept = countsKey === undefined ? undefined : this.keptCounts.get(countsKey);
    if (!kept) {
      kept = this.countedWithin(
        this.baseSetOf(category, excludedSlots, words, radius ? { distances, km: query.withinKm! } : undefined),
        known,
        baseCounts,
      );
      if (countsKey !== undefined) this.keptCounts.keep(countsKey, kept);
    }
    const { matches, counts, estimated } = kept;
    const total = matches.size;

    const facets = {} as Record<FacetKey, FacetValue[]>;
    const keys = [...this.facetKeys, ...[...selections.keys()].filter((key) => !this.facetNumber.has(key))];
    for (const key of keys) facets[key] = this.facetValues(key, counts, estimated, selections.get(key));

    const start = page * perPage;
    const hits: Item[] = [];
    if (start < total && start + perPage <= MAX_DEPTH) {
      const ranked = words.length > 0;
      const nearest = sort === 'nearest' && seen && this.pointWords;
      let ordered: ArrayLike<number>;
      if (nearest)
        ordered = this.exactNearestFirst(
          matches,
          start + perPage,
          seen.nearestFirst,
          this.orderFor('relevance', ranked, undefined),
          ranked ? words : [],
        );
      else {
        const slots = slotsIn(matches, this.scratch);
        if (ranked && (sort === 'relevance' || sort === 'nearest')) this.text.scoreSlots(words, slots, this.live);
        ordered = firstInOrder(slots, start + perPage, this.orderFor(sort, ranked, distances));
      }
      for (let i = start; i < Math.min(ordered.length, start + perPage); i++) hits.push(this.items.get(ordered[i]!));
    }
    return { total, hits, facets };
  }

  // -------------------------------------------------------------------------------------------

  /**
   * The matches of `selections` within `baseSet`, and every facet's counts: each selection as the
   * base's slots in any of its values; the matches in all of them; each selected facet counted within
   * the others', read over the smallest one's words.
   */
  private countedWithin(
    baseSet: SlotSet,
    selections: ReadonlyMap<FacetKey, string[]>,
    baseCounts: ArrayLike<number> | undefined,
  ): CountedSearch {
    const selected = new Map<FacetKey, SlotSet>();
    for (const [key, known] of selections) {
      const numbers = this.valueNumbers[this.facetNumber.get(key) ?? -1];
      const union = () =>
        unionWithin(
          baseSet,
          key === 'vendors'
            ? [this.vendorSlots(known.map((value) => numbers!.get(value)!))]
            : known.map((value) => this.valueBits[numbers!.get(value)!]!),
          this.scratch,
        );
      const keep = baseSet === this.aliveSetKept && known.length > 0;
      selected.set(
        key,
        keep
          ? this.keptSelection(`${key}\u0000${known.join('\u0000')}`, () => ({
              ...union(),
              values: known.map((value) => numbers!.get(value)!),
            }))
          : union(),
      );
    }
    const within = (except?: FacetKey): SlotSet => {
      const [smallest, ...others] = [...selected]
        .flatMap(([key, set]) => (key === except ? [] : [set]))
        .sort((a, b) => a.size - b.size);
      if (!smallest) return baseSet;
      return intersectAll(
        smallest,
        others.map((set) => set.bits),
        this.scratch,
      );
    };
    const matches = within();

    // Every facet without a selection is counted within the matches, in one go; each selected
    // facet within the slots every other selection leaves.
    const counts = this.scratch.zeroedCounts();
    const source = {
      slotValues: this.slotValues,
      valueBits: this.valueBits,
      valueRanges: this.valueRanges,
      owners: this.vendorWords,
      scratch: this.scratch,
    };
    const estimated = this.scratch.zeroedFlags();
    const tally = (slots: SlotSet, values: readonly number[], isBase: boolean) => {
      if (!isBase || !baseCounts) tallyFacets(source, slots, values, counts, estimated);
      else for (const value of values) counts[value] = baseCounts[value] ?? 0;
    };
    const unselected: number[] = [];
    for (const [facet, key] of this.facetKeys.entries())
      if (!selected.has(key)) for (const value of this.facetValueNumbers[facet]!) unselected.push(value);
    tally(matches, unselected, selected.size === 0);
    for (const key of selected.keys()) {
      const facet = this.facetNumber.get(key);
      if (facet === undefined) continue;
      tally(within(key), this.facetValueNumbers[facet]!, selected.size === 1);
    }
    return { matches, counts, estimated };
  }

  /** The slots every facet counts within: live, in the category, not excluded, matching the text, near enough. */
  private baseSetOf(
    category: CategoryNode | null | undefined,
    excludedSlots: readonly number[],
    words: string[],
    near: { distances: Float64Array; km: number } | undefined,
  ): SlotSet {
    if (!excludedSlots.length && !words.length && !near) {
      if (category === undefined) return this.aliveSet();
      if (category)
        return (
          this.keptCategories.get(category.path) ??
          this.keptCategories.keep(category.path, { ...this.narrowedBase(category, [], [], undefined), node: category })
        );
    }
    return this.narrowedBase(category, excludedSlots, words, near);
  }

  /** The live slots narrowed by each of the base's parts, worked out. */
  private narrowedBase(
    category: CategoryNode | null | undefined,
    excludedSlots: readonly number[],
    words: string[],
    near: { distances: Float64Array; km: number } | undefined,
  ): SlotSet {
    const base = this.scratch.copyOf(this.alive);
    if (category) andInto(base, category.bits);
    else if (category === null) base.fill(0);
    for (const slot of excludedSlots) base[slot >>> 5]! &= ~(1 << (slot & 31));
    const textWords = words.length ? this.text.matchText(words, base, this.scratch) : undefined;
    if (near) this.keepWithin(base, near.distances, near.km);
    return slotSetOf(base, this.scratch, textWords);
  }

  private keptSelection(key: string, make: () => KeptSelection): SlotSet {
    return this.keptSelections.get(key) ?? this.keptSelections.keep(key, make());
  }

  /**
   * Forgets what searches found (a write changed it). The selections and categories are brought
   * up to date by the write instead (a filter cache kept as Lucene's is, segment by segment), until
   * the catalogue outgrows the room their copies were made with (an eighth more slots).
   */
  private forgetKeptSearches(): void {
    this.aliveSetKept = undefined;
    this.keptCounts.forget();
  }

  private forgetKeptSets(): void {
    this.forgetKeptSearches();
    this.keptSelections.forget();
    this.keptCategories.forget();
  }

  /** `alive` as a SlotSet, without a pass over it: its words are all those in use, a word emptied by removals among them. */
  private aliveSet(): SlotSet {
    const words = wordsFor(this.items.size);
    return (this.aliveSetKept ??= {
      bits: this.alive.subarray(0, words),
      words: this.everyWord.subarray(0, words),
      size: this.live,
    });
  }

  private ensureCapacity(slots: number): void {
    if (slots <= this.capacity) return;
    // An eighth more, not double: a house listed after the platform's bulk load doubled every
    // per-slot array of 400,000 listings (about 60 bytes a listing, held until a rebuild).
    const capacity = Math.max(slots, this.capacity + Math.max(this.capacity >>> 3, 1024));
    const words = wordsFor(capacity);
    this.alive = grownTo(this.alive, words);
    this.vendorWords.grow(words);
    this.everyWord = Int32Array.from({ length: words }, (_, word) => word);
    this.forgetKeptSets();
    this.valueBits = this.valueBits.map((bits) => bits && grownTo(bits, words));
    const vendorOf = new Int32Array(capacity);
    vendorOf.set(this.vendorOf);
    this.vendorOf = vendorOf;
    const growNodes = (nodes: Map<string, CategoryNode>) => {
      for (const node of nodes.values()) {
        node.bits = grownTo(node.bits, words);
        growNodes(node.children);
      }
    };
    growNodes(this.categories);
    this.dayRate = lengthened(this.dayRate, capacity);
    this.created = lengthened(this.created, capacity);
    this.pointOf = lengthened(this.pointOf, capacity);
    this.pointWords?.grow(words);
    this.text.grow(capacity, words);
    this.capacity = capacity;
  }

  private facetOf(key: FacetKey): number {
    let number = this.facetNumber.get(key);
    if (number === undefined) {
      number = this.facetKeys.push(key) - 1;
      this.facetNumber.set(key, number);
      this.valueNumbers.push(new Map());
      this.facetValueNumbers.push([]);
    }
    return number;
  }

  private valueOf(facet: number, value: string): number {
    const numbers = this.valueNumbers[facet]!;
    let number = numbers.get(value);
    if (number === undefined) {
      number = this.valueNames.push(value) - 1;
      this.facetOfValue.push(facet);
      numbers.set(value, number);
      this.facetValueNumbers[facet]!.push(number);
      this.valueBits.push(facet === VENDORS_FACET ? undefined : new Uint32Array(wordsFor(this.capacity)));
    }
    return number;
  }

  /** The number of a place (a house's location, or its stores': few distinct ones), -1 for none. */
  private pointNumberOf(geoloc: Item['_geoloc']): number {
    const places = placesOf(geoloc);
    if (!places.length) return -1;
    const key = placeKey(places);
    let number = this.pointNumbers.get(key);
    if (number === undefined) {
      const copies = places.map((place) => ({ lat: place.lat, lng: place.lng }));
      this.pointNumbers.set(key, (number = this.points.push(copies) - 1));
      if (this.points.length > MAX_POINT_SETS) this.pointWords = undefined;
    }
    return number;
  }

  /** The points as seen from the visitor (each one's distance, nearest first); undefined without a usable `near`. */
  private seenFrom(near: GeoPoint | undefined): SeenFrom | undefined {
    if (
      !near ||
      typeof near.lat !== 'number' ||
      typeof near.lng !== 'number' ||
      !Number.isFinite(near.lat) ||
      !Number.isFinite(near.lng)
    )
      return undefined;
    return this.placeDistances.from(near, this.points);
  }

  /**
   * The first `k` matches nearest first, those that match every word without a typo before those
   * that need one (as Algolia's nearest replica ranks typo before geo): a far house's "telephone"
   * comes before a near house's "telephoto" for "telephone".
   */
  private exactNearestFirst(
    matches: SlotSet,
    k: number,
    pointsNearestFirst: Int32Array,
    within: SlotOrder,
    words: string[],
  ): number[] {
    // No word matches a term only with a typo ("leather", "chair"): every match is exact.
    if (!words.length || !this.text.needsTypos(words))
      return this.nearestFirst(matches, k, pointsNearestFirst, within, words);
    const exactBits = this.scratch.copyOf(matches.bits);
    const exact = slotSetOf(
      exactBits,
      this.scratch,
      this.text.matchText(words, exactBits, this.scratch, { typos: false }),
    );
    if (exact.size === matches.size) return this.nearestFirst(matches, k, pointsNearestFirst, within, words);
    const taken = this.nearestFirst(exact, k, pointsNearestFirst, within, words);
    if (taken.length >= k) return taken;
    const typoBits = this.scratch.copyOf(matches.bits);
    for (let i = 0; i < exact.words.length; i++) typoBits[exact.words[i]!]! &= ~exactBits[exact.words[i]!]!;
    const typos = slotSetOf(typoBits, this.scratch, matches.words);
    return taken.concat(this.nearestFirst(typos, k - taken.length, pointsNearestFirst, within, words));
  }

  /**
   * The first `k` matches nearest first: point by point from the nearest, each point's matches in
   * `within` order, looking only at the matches' words in each point's run and only at as many
   * points as the page needs; matches with no point last. Text is scored point by point (all at
   * once took longer even for a deep page of a few hundred matches: each term's postings are
   * searched across the whole catalogue).
   */
  private nearestFirst(
    matches: SlotSet,
    k: number,
    pointsNearestFirst: Int32Array,
    within: SlotOrder,
    words: string[],
  ): number[] {
    const { bits: matched, words: matchedWords } = matches;
    // Matches in most words are read straight through each point's run, without their word list.
    const dense = mostWords(matchedWords, matched);
    const taken: number[] = [];
    const here: number[] = [];
    const collect = (w: number, word: number) => {
      while (word) {
        const low = word & -word;
        here.push((w << 5) + 31 - Math.clz32(low));
        word ^= low;
      }
    };
    const takeHere = () => {
      if (here.length) {
        const first = firstInOrder(here, k - taken.length, within);
        for (let i = 0; i < first.length; i++) taken.push(first[i]!);
      }
      here.length = 0;
    };
    // Only as many points as the page needs are read (a first page reads one house's).
    for (let next = 0; next < pointsNearestFirst.length && taken.length < k; next++) {
      const point = pointsNearestFirst[next]!;
      const [low, high] = this.pointRanges.of(point);
      const at = (w: number) => (matched[w] ? matched[w] & this.slotsAt(point, w) : 0);
      if (dense) for (let w = low; w < high; w++) collect(w, at(w));
      else
        for (let i = firstAtOrAfter(matchedWords, low); i < matchedWords.length && matchedWords[i]! < high; i++) {
          const w = matchedWords[i]!;
          collect(w, at(w));
        }
      for (const w of this.pointRanges.beyondOf(point)) collect(w, at(w));
      if (here.length && words.length) this.text.scoreSlots(words, here, this.live);
      takeHere();
    }
    if (taken.length < k) {
      const { pointOf } = this;
      for (let i = 0; i < matchedWords.length; i++) {
        const w = matchedWords[i]!;
        let word = matched[w]!;
        while (word) {
          const low = word & -word;
          const slot = (w << 5) + 31 - Math.clz32(low);
          if (pointOf[slot]! < 0) here.push(slot);
          word ^= low;
        }
      }
      if (here.length && words.length) this.text.scoreSlots(words, here, this.live);
      takeHere();
    }
    return taken;
  }

  /** The slots of word `w` at `point`, as the word's bits (WordOwners.slotsOf). */
  private slotsAt(point: number, w: number): number {
    return this.pointWords!.slotsOf(point, w, this.pointOf, this.items.size);
  }

  /**
   * The slots of the vendors `values` (a visitor picked houses in the facet), as a bitset until the
   * next search: each vendor's run of words, read as WordOwners.slotsOf reads a word.
   */
  private vendorSlots(values: readonly number[]): Uint32Array {
    const bits = this.scratch.zeroed();
    for (const value of values) {
      const fill = (w: number) => (bits[w]! |= this.vendorWords.slotsOf(value, w, this.vendorOf, this.items.size));
      const [low, high] = this.valueRanges.of(value);
      for (let w = low; w < high; w++) fill(w);
      for (const w of this.valueRanges.beyondOf(value)) fill(w);
    }
    return bits;
  }

  /** Clears from `base` every slot further than `km` (or with no location). */
  private keepWithin(base: Uint32Array, distances: Float64Array, km: number): void {
    if (this.pointWords) {
      // Few places (the platform's houses): keep the runs of the places near enough.
      const near = this.scratch.zeroed();
      distances.forEach((distance, point) => {
        if (distance > km) return;
        const [low, high] = this.pointRanges.of(point);
        for (let w = low; w < high; w++) near[w]! |= this.slotsAt(point, w);
        for (const w of this.pointRanges.beyondOf(point)) near[w]! |= this.slotsAt(point, w);
      });
      for (let w = 0; w < base.length; w++) base[w]! &= near[w]!;
      return;
    }
    const { pointOf } = this;
    for (let w = 0; w < base.length; w++) {
      let word = base[w]!;
      while (word) {
        const low = word & -word;
        const slot = (w << 5) + 31 - Math.clz32(low);
        const point = pointOf[slot]!;
        if (point < 0 || distances[point]! > km) base[w]! &= ~low;
        word ^= low;
      }
    }
  }

  /** A currency's price bins, registered in the scale's order when its first item comes. */
  private registerCurrency(currency: string): void {
    this.pricedInCurrencies = true;
    const numbers = this.valueNumbers[0]!;
    if (numbers.has(priceBinValue(0, currency))) return;
    for (const bin of PRICE_BINS) this.valueOf(0, `${currency}:${bin.slug}`);
  }

  private categoryNode(
    nodes: Map<string, CategoryNode>,
    slug: string,
    slot: number,
    parent?: CategoryNode,
  ): CategoryNode {
    let node = nodes.get(slug);
    if (!node)
      nodes.set(
        slug,
        (node = {
          path: parent ? `${parent.path}/${slug}` : slug,
          bits: new Uint32Array(wordsFor(this.capacity)),
          counts: NO_COUNTS,
          children: new Map(),
        }),
      );
    node.bits[slot >>> 5]! |= 1 << (slot & 31);
    return node;
  }

  /** The category filter's node; undefined for no filter, null for a path no item is in. */
  private categoryNodeOf(filter: CategoryFilter | undefined): CategoryNode | null | undefined {
    if (!filter || typeof filter !== 'object') return undefined;
    let node = typeof filter.group === 'string' ? this.categories.get(filter.group) : undefined;
    if (!node) return null;
    for (const slug of [filter.category, filter.subcategory]) {
      if (slug === undefined) break; // a subcategory without its category narrows nothing
      node = typeof slug === 'string' ? node.children.get(slug) : undefined;
      if (!node) return null;
    }
    return node;
  }

  /** Adds `delta` to the kept counts of the slot's values, in the whole catalogue and each of its categories. */
  private countSlot(slot: number, item: Item, delta: 1 | -1): void {
    const { group, category, subcategory } = item.category;
    const groupNode = this.categories.get(group);
    const categoryNode = groupNode?.children.get(category);
    const holders = [
      this.everything,
      groupNode,
      categoryNode,
      subcategory === undefined ? undefined : categoryNode?.children.get(subcategory),
    ];
    this.slotValues.forEach(slot, (value) => {
      for (const holder of holders) {
        if (!holder) continue;
        // Typed, half of an array's 8 bytes a value: a house's categories each counted every value.
        if (value >= holder.counts.length) holder.counts = lengthened(holder.counts, (value + 16) & ~15);
        holder.counts[value]! += delta;
      }
    });
  }

  /** One facet's values with their counts, as the port lists them. */
  private facetValues(
    key: FacetKey,
    counts: Int32Array,
    estimated: Uint8Array,
    selection: Set<string> | undefined,
  ): FacetValue[] {
    const facet = this.facetNumber.get(key);
    const values: FacetValue[] = [];
    for (const number of facet === undefined ? [] : this.facetValueNumbers[facet]!) {
      const value = this.valueNames[number]!;
      const count = counts[number]!;
      const isSelected = selection?.has(value) ?? false;
      // Bins are listed even when empty, except bare ones on the platform (its bins name their currency).
      const emptyBin = key === 'priceBin' && (this.barePricesSeen || !this.pricedInCurrencies || value.includes(':'));
      if (count || emptyBin || isSelected)
        values.push({
          value,
          count,
          selected: isSelected,
          ...(count > 0 && estimated[number] === 1 && { estimated: true as const }),
        });
    }
    for (const value of selection ?? [])
      if (!values.some((known) => known.value === value)) values.push({ value, count: 0, selected: true });
    // Price bins keep their scale's order; other facets list the most useful values first.
    return key === 'priceBin'
      ? withoutEmptyCurrencies(values)
      : values.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  }

  private orderFor(sort: SearchSort, ranked: boolean, distances: Float64Array | undefined): SlotOrder {
    const { ids, nameKey, dayRate, created, pointOf } = this;
    const score = this.text.scores;
    const byName: SlotOrder = (a, b) => {
      const x = nameKey[a]!;
      const y = nameKey[b]!;
      if (x !== y) return x < y ? -1 : 1;
      return ids.compare(a, b);
    };
    switch (sort) {
      case 'nearest': {
        const within = this.orderFor('relevance', ranked, undefined);
        if (!distances) return within;
        const distance = (slot: number) => (pointOf[slot]! < 0 ? Infinity : distances[pointOf[slot]!]!);
        return (a, b) => distance(a) - distance(b) || within(a, b);
      }
      case 'name':
        return byName;
      case 'price-asc':
        return (a, b) => dayRate[a]! - dayRate[b]! || byName(a, b);
      case 'price-desc':
        return (a, b) => dayRate[b]! - dayRate[a]! || byName(a, b);
      case 'relevance':
        // Without text there is nothing to rank by: the newest listings first.
        if (ranked) return (a, b) => score[b]! - score[a]! || created[b]! - created[a]! || byName(a, b);
        return (a, b) => created[b]! - created[a]! || byName(a, b);
      default:
        // 'newest', and whatever else a URL carried.
        return (a, b) => created[b]! - created[a]! || byName(a, b);
    }
  }
}

/** One key per place: its points in order ("lat,lng;lat,lng"), empty for none. */
const placeKey = (places: readonly GeoPoint[]) => places.map((place) => `${place.lat},${place.lng}`).join(';');

/**
 * The items with those at one place together, places in the order first met: on the platform, each
 * house's listings in one run of slots, so its location and vendor bitsets are read over that run.
 */
function byPlace(items: readonly Item[]): Item[] {
  const places = new Map<string, Item[]>();
  for (const item of items) {
    const key = placeKey(placesOf(item._geoloc));
    const place = places.get(key);
    if (place) place.push(item);
    else places.set(key, [item]);
  }
  return places.size === 1 ? [...items] : [...places.values()].flat();
}

/** A selection over the whole catalogue as kept: its slots, and the values (value numbers) it is of. */
interface KeptSelection extends SlotSet {
  values: readonly number[];
}

/** A category's live slots as kept, with its node. */
interface KeptCategory extends SlotSet {
  node: CategoryNode;
}

/** Selections kept, per tenant: at most 8 MB of bitsets and lists on the platform. */
const KEPT_SELECTIONS = 128;
/** Categories kept, per tenant: at most 4 MB on the platform. */
const KEPT_CATEGORIES = 64;
/**
 * Searches kept between writes, per tenant: at most 16 MB on the platform (a set's bitset and word
 * list each, kept after a write for the next). A working set larger than this keeps nothing for its
 * next asking (the least recently asked goes first): the benchmark asks about 250 distinct searches
 * in turn, which 64 never kept.
 */
const KEPT_COUNTS = 256;

/** Distinct item locations walked in runs for 'nearest' (houses on the platform); past it, a full sort. */
const MAX_POINT_SETS = 4096;
/** What pointWords notes for a slot with no location: a number no point has. */
const NO_POINT = MAX_POINT_SETS + 1;

/** A listing's ids, which follow from its house's and its item's: not kept, when it is kept over its item. */
export const LISTING_IDS: DerivedKeys = {
  objectID: (listing, item) => listingIdOf((listing.house as Listing['house']).id, item.objectID as string),
  houseObjectID: (_listing, item) => item.objectID,
};

/** Retired slots tolerated before a tenant is rebuilt from its live items. */
const rebuildAfter = (live: number) => Math.max(1024, live);

export class InProcessSearchIndex implements SearchIndex {
  private readonly tenants = new Map<string, TenantCatalogue>();
  private readonly scratch = newSearchScratch();
  /** What a tenant with no items answers from. */
  private readonly empty = new TenantCatalogue([], undefined, this.scratch);
  /** A house's catalogue, which the platform's listings of its items are kept over. */
  private readonly house = (tenantId: string) => this.tenants.get(tenantId);
  private readonly catalogue = (items: readonly Item[]) => new TenantCatalogue(items, this.house, this.scratch);

  async replaceAll(tenantId: string, items: readonly Item[]): Promise<void> {
    this.tenants.set(tenantId, this.catalogue(items));
  }

  async upsert(tenantId: string, item: Item): Promise<void> {
    this.write(tenantId, (catalogue) => catalogue.upsert(item));
  }

  async remove(tenantId: string, objectID: string): Promise<void> {
    this.write(tenantId, (catalogue) => catalogue.remove(objectID));
  }

  async removeVendor(tenantId: string, vendorId: string): Promise<void> {
    if (this.tenants.has(tenantId)) this.write(tenantId, (catalogue) => catalogue.removeVendor(vendorId));
  }

  async search(tenantId: string, query: SearchQuery): Promise<SearchResult> {
    const started = performance.now();
    const catalogue = this.tenants.get(tenantId) ?? this.empty;
    const result = catalogue.search(query);
    return { ...result, tookMs: performance.now() - started };
  }

  /**
   * Settles every catalogue written since the last settle (TenantCatalogue.settle). Called once
   * writes have been quiet for SETTLE_QUIET_MS (at most SETTLE_AT_MOST_MS after the first of them:
   * an import of every house's catalogue item by item on a first start is one long burst).
   */
  settleNow(): void {
    clearTimeout(this.settling);
    this.settling = undefined;
    for (const tenantId of this.unsettled) this.tenants.get(tenantId)?.settle();
    this.unsettled.clear();
  }

  private readonly unsettled = new Set<string>();
  private settling: ReturnType<typeof setTimeout> | undefined;
  private unsettledSince = 0;

  private write(tenantId: string, change: (catalogue: TenantCatalogue) => void): void {
    let catalogue = this.tenants.get(tenantId);
    if (!catalogue) this.tenants.set(tenantId, (catalogue = this.catalogue([])));
    change(catalogue);
    if (catalogue.retired > rebuildAfter(catalogue.size))
      this.tenants.set(tenantId, this.catalogue(catalogue.liveItems()));
    else this.settleSoon(tenantId);
  }

  private settleSoon(tenantId: string): void {
    this.unsettled.add(tenantId);
    if (!this.settling) {
      this.unsettledSince = Date.now();
      this.settling = setTimeout(() => this.settleNow(), SETTLE_QUIET_MS);
      // A quiet process exits; nothing is lost unsettled, only room not yet given back.
      this.settling.unref?.();
    } else if (Date.now() - this.unsettledSince < SETTLE_AT_MOST_MS) this.settling.refresh();
  }
}

/** Writes quiet for this long settle their catalogues (InProcessSearchIndex.settleNow). */
const SETTLE_QUIET_MS = 1000;
/** A burst of writes longer than this is settled all the same, and again after it. */
const SETTLE_AT_MOST_MS = 30_000;
