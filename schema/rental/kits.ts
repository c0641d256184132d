/**
 * Kits and packages (issue 53): an item made of other items in given quantities, which may be kits
 * themselves (a cockpit set holding a lighting kit). A fixed kit goes out whole under its own label;
 * a package is a priced bundle whose components are picked one by one. Either way what it takes
 * from stock is its components': a kit is free on a day only when every component is, in the
 * quantity the kit needs, after every other booking.
 *
 * Pure, over a lookup of the tenant's kits (`kitOf`): the item routes check a kit when it is saved,
 * availability and bookings expand it, the pages say what it includes.
 */
import type { Item, QuoteLine } from '../types.generated';

export type Kit = NonNullable<Item['kit']>;
/** A tenant's kit definitions by item id (undefined: not a kit). */
export type KitOf = (objectID: string) => Kit | undefined;

/** How deep kits may nest: a set holding a kit holding a kit … (a cycle is refused before it gets there). */
export const KIT_DEPTH = 8;

/**
 * The way from one of `components` back to `objectID` itself, when saving it with `components`
 * would make a kit contain itself: [component, …, objectID]. Undefined otherwise.
 */
export function kitCycle(objectID: string, components: Kit['components'], kitOf: KitOf): string[] | undefined {
  const seen = new Set<string>();
  const walk = (id: string, path: string[]): string[] | undefined => {
    if (id === objectID) return path;
    if (seen.has(id) || path.length > KIT_DEPTH) return undefined;
    seen.add(id);
    for (const component of kitOf(id)?.components ?? []) {
      const found = walk(component.objectID, [...path, component.objectID]);
      if (found) return found;
    }
    return undefined;
  };
  for (const component of components) {
    const found = walk(component.objectID, [component.objectID]);
    if (found) return found;
  }
  return undefined;
}

/**
 * What `quantity` of an item takes from stock: the items themselves when they are not a kit, else
 * its components' (nested kits opened all the way), summed per item.
 */
export function stockDemand(objectID: string, quantity: number, kitOf: KitOf): Map<string, number> {
  const demand = new Map<string, number>();
  const open = (id: string, count: number, depth: number) => {
    const kit = depth <= KIT_DEPTH ? kitOf(id) : undefined;
    if (!kit) return void demand.set(id, (demand.get(id) ?? 0) + count);
    for (const component of kit.components) open(component.objectID, count * component.quantity, depth + 1);
  };
  open(objectID, quantity, 0);
  return demand;
}

/** Whether a kit, or one nested in it, holds units of its own: then there is one of it, however much stock its components have. */
export function holdsOwnUnits(objectID: string, kitOf: KitOf, depth = 0): boolean {
  const kit = depth <= KIT_DEPTH ? kitOf(objectID) : undefined;
  return Boolean(
    kit?.components.some((component) => component.tags?.length || holdsOwnUnits(component.objectID, kitOf, depth + 1)),
  );
}

/** How many of a kit are free, given how many of each item are (`freeOf`): the fewest its components allow (one, at most, of a kit with its own units). */
export function kitsFree(objectID: string, kitOf: KitOf, freeOf: (objectID: string) => number): number {
  let fewest = holdsOwnUnits(objectID, kitOf) ? 1 : Infinity;
  for (const [id, needed] of stockDemand(objectID, 1, kitOf))
    fewest = Math.min(fewest, Math.floor(freeOf(id) / needed));
  return fewest === Infinity ? 0 : Math.max(0, fewest);
}

/**
 * A kit's problems, each at its field, before it is saved: a component that is the item itself,
 * not in the catalogue, listed twice, or that contains this kit (a cycle, named along its way).
 */
export function kitProblems(
  objectID: string,
  kit: Kit,
  exists: (objectID: string) => boolean,
  kitOf: KitOf,
  nameOf: (objectID: string) => string = (id) => id,
): Array<{ pointer: string; message: string }> {
  const problems: Array<{ pointer: string; message: string }> = [];
  const listed = new Set<string>();
  kit.components.forEach((component, index) => {
    const pointer = `/kit/components/${index}/objectID`;
    if (component.objectID === objectID)
      problems.push({ pointer, message: 'is this item: a kit cannot contain itself' });
    else if (!exists(component.objectID))
      problems.push({ pointer, message: `is not in the catalogue (${component.objectID})` });
    else if (listed.has(component.objectID))
      problems.push({
        pointer,
        message: `is listed twice: give ${nameOf(component.objectID)} one line with its quantity`,
      });
    else {
      const cycle = kitCycle(objectID, [component], kitOf);
      if (cycle)
        problems.push({
          pointer,
          message: `contains this kit (${[objectID, ...cycle].map(nameOf).join(' → ')}): a kit cannot contain itself`,
        });
    }
    listed.add(component.objectID);
  });
  return problems;
}

/** What the unit checks of a kit read: each component's tracking and name, a unit's item, and the other kit (its name) that holds a tag. */
export interface KitUnitLookup {
  trackingOf(objectID: string): 'quantity' | 'units' | undefined;
  nameOf(objectID: string): string;
  /** The item a unit is of; undefined when no unit has the tag. */
  itemOfUnit(tag: string): string | undefined;
  /** The name of another kit that holds the tag already, if one does. */
  heldBy(tag: string): string | undefined;
}

/**
 * The problems of a fixed kit's own units (a cockpit's own two seats), each at its field: only a
 * fixed kit holds units, only of an item tracked unit by unit, as many as it holds of it, each a
 * unit of that item and held by no other kit.
 */
export function kitUnitProblems(kit: Kit, lookup: KitUnitLookup): Array<{ pointer: string; message: string }> {
  return kit.components.flatMap((component, index) => {
    const tags = component.tags ?? [];
    if (!tags.length) return [];
    const pointer = `/kit/components/${index}/tags`;
    const name = lookup.nameOf(component.objectID);
    if (kit.kind !== 'fixed')
      return [{ pointer, message: 'only a fixed kit holds units of its own: a package is picked unit by unit' }];
    if (lookup.trackingOf(component.objectID) !== 'units')
      return [{ pointer, message: `${name} is counted as a quantity: it has no units to name` }];
    if (tags.length !== component.quantity)
      return [
        {
          pointer,
          message: `names ${tags.length} unit${tags.length === 1 ? '' : 's'}, and the kit holds ${component.quantity}: name ${component.quantity}, or none`,
        },
      ];
    return tags.flatMap((tag, at) => {
      const of = lookup.itemOfUnit(tag);
      const other = lookup.heldBy(tag);
      const message =
        of !== component.objectID
          ? `${tag} is ${of ? `a unit of ${lookup.nameOf(of)}` : 'no unit here'}, not of ${name}`
          : other && `${tag} is held by ${other} already: a unit is held by one kit`;
      return message ? [{ pointer: `${pointer}/${at}`, message }] : [];
    });
  });
}

/**
 * A kit in one spreadsheet cell: its kind, then each component's count and item id, with its own
 * units in brackets ("fixed: 1 × cockpit-shell; 2 × pilot-seat [PS-0001, PS-0002]").
 */
export const kitText = (kit: Pick<Kit, 'kind' | 'components'>) =>
  `${kit.kind}: ${kit.components
    .map(
      (component) =>
        `${component.quantity} × ${component.objectID}${component.tags?.length ? ` [${component.tags.join(', ')}]` : ''}`,
    )
    .join('; ')}`;

/**
 * A kit cell read back (kitText's form; "x" for "×", the kind left out for a fixed kit, an item's
 * SKU for its id through `idOf`), or what is wrong with it.
 */
export function readKitText(
  text: string,
  idOf: (key: string) => string,
): { value: Pick<Kit, 'kind' | 'components'> } | { problem: string } {
  const [, kindText, rest] = /^\s*(?:(fixed|package)\s*:)?\s*(.*)$/is.exec(text) ?? [];
  const parts = (rest ?? '')
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.length) return { problem: 'names no component: write "2 × item id; 1 × item id"' };
  const components: Kit['components'][number][] = [];
  for (const part of parts) {
    const match = /^(\d{1,3})\s*[x×*]\s*([^[\]]+?)\s*(?:\[([^[\]]*)\])?$/i.exec(part);
    if (!match || Number(match[1]) < 1)
      return { problem: `cannot read "${part}": write how many, ×, then the item's id or SKU ("2 × pilot-seat")` };
    const tags = (match[3] ?? '')
      .split(/[\s,]+/)
      .map((tag) => tag.trim().toUpperCase())
      .filter(Boolean);
    components.push({ objectID: idOf(match[2]!.trim()), quantity: Number(match[1]), ...(tags.length && { tags }) });
  }
  return {
    value: {
      kind: (kindText?.toLowerCase() as Kit['kind'] | undefined) ?? 'fixed',
      components: components as Kit['components'],
    },
  };
}

/** A kit as a quote line keeps it: what one of it is made of, as the catalogue has it now (QuoteLine.kit). */
export type LineKit = NonNullable<QuoteLine['kit']>;

/**
 * What one of a kit is made of, opened down to the items with stock of their own, in pull-sheet
 * order: each with how many one kit takes and the nested kit it sits in. What a quote line keeps,
 * so its bookings, pull sheet and check-in follow the kit as it was quoted, not later edits.
 */
export function lineKitOf(objectID: string, kitOf: KitOf, nameOf: (objectID: string) => string): LineKit | undefined {
  const kit = kitOf(objectID);
  if (!kit) return undefined;
  const components: LineKit['components'][number][] = [];
  const open = (id: string, count: number, within: readonly string[], depth: number) => {
    for (const component of kitOf(id)?.components ?? []) {
      const quantity = count * component.quantity;
      if (depth < KIT_DEPTH && kitOf(component.objectID))
        open(component.objectID, quantity, [...within, nameOf(component.objectID)], depth + 1);
      else
        components.push({
          objectID: component.objectID,
          name: nameOf(component.objectID),
          quantity,
          ...(within.length && { within: within.join(' › ') }),
          // A kit's own units go with it when one of it is taken (a kit held twice by another has no one set).
          ...(count === 1 && component.tags?.length && { tags: [...component.tags] }),
        });
    }
  };
  open(objectID, 1, [], 1);
  return {
    kind: kit.kind,
    ...(kit.itemise && { itemise: true }),
    components: components as LineKit['components'],
  };
}

/** What a request's lines take from one item: how many, the first line that takes it, and the component's name when a kit does. */
export interface LineStock {
  objectID: string;
  quantity: number;
  line: number;
  component?: string;
  /** The nested kit the component sits in, when not directly in the line's. */
  within?: string;
}

/**
 * What a request's lines take from stock, per item: a kit line its components' (as the line keeps
 * them), any other line its item; an item taken by two lines (on its own and in a kit) summed.
 */
export function stockOfLines(lines: ReadonlyArray<Pick<QuoteLine, 'objectID' | 'quantity' | 'kit'>>): LineStock[] {
  const taken = new Map<string, LineStock>();
  const take = (entry: LineStock) => {
    const kept = taken.get(entry.objectID);
    if (kept) kept.quantity += entry.quantity;
    else taken.set(entry.objectID, entry);
  };
  lines.forEach((line, index) => {
    if (!line.kit) return take({ objectID: line.objectID, quantity: line.quantity, line: index });
    for (const { objectID, name, quantity, within } of line.kit.components)
      take({ objectID, quantity: quantity * line.quantity, line: index, component: name, ...(within && { within }) });
  });
  return [...taken.values()];
}

/** The items whose stock a request's lines take (stockOfLines' items). */
export const stockItemsOf = (lines: ReadonlyArray<Pick<QuoteLine, 'objectID' | 'quantity' | 'kit'>>) =>
  stockOfLines(lines).map((entry) => entry.objectID);

type Catalogue = ReadonlyMap<string, Pick<Item, 'objectID' | 'name' | 'quantity' | 'kit'>>;

/** How many of an item the house has: its stock, or for a kit how many its components make whole. */
export function stockOfItem(objectID: string, items: Catalogue): number {
  const item = items.get(objectID);
  if (!item?.kit) return item?.quantity ?? 0;
  return kitsFree(
    objectID,
    (id) => items.get(id)?.kit,
    (id) => items.get(id)?.quantity ?? 0,
  );
}

/** lineKitOf over items read with their components. */
export const lineKitIn = (objectID: string, items: Catalogue) =>
  lineKitOf(
    objectID,
    (id) => items.get(id)?.kit,
    (id) => items.get(id)?.name ?? id,
  );

/** What one line takes from stock, its kit opened as the catalogue has it now (stockOfLines for a line not yet made). */
export const stockOfLine = (line: Pick<QuoteLine, 'objectID' | 'quantity'>, items: Catalogue): LineStock[] => {
  const kit = lineKitIn(line.objectID, items);
  return stockOfLines([{ ...line, ...(kit && { kit }) }]);
};

/**
 * What a kit is hired at: its own rates, or (price "components") its components' summed, nested
 * kits at their own price, less the kit's discount, to the cent. A week rate only when every
 * component has one. Any other item: its rates.
 */
export function ratesOf(objectID: string, items: ReadonlyMap<string, Pick<Item, 'rates' | 'kit'>>): Item['rates'] {
  const item = items.get(objectID);
  if (!item) return { day: 0 };
  if (item.kit?.price !== 'components') return item.rates;
  const keep = 1 - (item.kit.discountPercent ?? 0) / 100;
  const parts = item.kit.components.map((component) => ({
    rates: ratesOf(component.objectID, items),
    quantity: component.quantity,
  }));
  const sum = (rate: (rates: Item['rates']) => number) =>
    Math.round(parts.reduce((total, part) => total + rate(part.rates) * part.quantity, 0) * keep * 100) / 100;
  return {
    day: sum((rates) => rates.day),
    ...(parts.every((part) => part.rates.week !== undefined) && { week: sum((rates) => rates.week!) }),
  };
}
