/**
 * The variant picker of a Variable product: one group of options per attribute
 * (Colour, Size) from the variations' `attributes`, which values can still be chosen given the
 * choices above them, and which variation a full choice names. Pure: the product page and the
 * card's chooser both read it.
 */

/** What the picker reads of a variation. */
export interface VariantLike {
  sku: string;
  stock: number;
  attributes: Readonly<Record<string, string>>;
}

/** The product's declared attributes (`attribute`): their order and their terms' order. */
export interface DeclaredAttribute {
  name: string;
  selectedTerms: readonly { name: string }[];
}

/** One attribute of the picker: its name as the variations spell it and its values in order. */
export interface AttributeGroup {
  name: string;
  values: string[];
}

/** The chosen value of each attribute (by group name); an attribute not chosen is absent. */
export type VariantSelection = Readonly<Record<string, string>>;

export interface VariantOption {
  value: string;
  /** Some variation has this value together with every choice made in the groups above. */
  available: boolean;
  /** …and at least one such variation has stock. */
  inStock: boolean;
  selected: boolean;
}

export interface VariantGroupState {
  name: string;
  options: VariantOption[];
}

const COLOUR = /^colou?rs?$/i;
const fold = (s: string) => s.trim().toLowerCase();

/**
 * The attribute groups of the variations. A colour comes first (it changes the picture, and the
 * sizes a colour comes in follow from it), then the others in the product's declared order, then
 * any the declaration leaves out in the order the variations first name them. Values follow the
 * declared terms' order, then first appearance; only values some variation has are listed.
 */
export function variantAttributes(
  variations: readonly VariantLike[],
  declared: readonly DeclaredAttribute[] = [],
): AttributeGroup[] {
  const seen = new Map<string, string[]>();
  for (const v of variations) {
    for (const [name, value] of Object.entries(v.attributes)) {
      if (value.trim() === '') continue;
      const values = seen.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      seen.set(name, values);
    }
  }
  const declaredAt = (name: string) => {
    const at = declared.findIndex((d) => fold(d.name) === fold(name));
    return at < 0 ? declared.length : at;
  };
  const names = [...seen.keys()];
  const order = (name: string) => (COLOUR.test(name.trim()) ? -1 : declaredAt(name));
  names.sort((a, b) => order(a) - order(b) || names.indexOf(a) - names.indexOf(b));
  return names.map((name) => {
    const terms = declared.find((d) => fold(d.name) === fold(name))?.selectedTerms ?? [];
    const values = seen.get(name)!;
    const termAt = (value: string) => {
      const at = terms.findIndex((t) => fold(t.name) === fold(value));
      return at < 0 ? terms.length : at;
    };
    const firstSeen = [...values];
    values.sort((a, b) => termAt(a) - termAt(b) || firstSeen.indexOf(a) - firstSeen.indexOf(b));
    return { name, values };
  });
}

/** The variations that agree with every choice made in the first `upTo` groups. */
function matching(
  variations: readonly VariantLike[],
  groups: readonly AttributeGroup[],
  selection: VariantSelection,
  upTo: number,
): VariantLike[] {
  return variations.filter((v) =>
    groups
      .slice(0, upTo)
      .every((g) => selection[g.name] === undefined || v.attributes[g.name] === selection[g.name]),
  );
}

/**
 * Each group's options given the selection. A value is available when some variation has it
 * together with the choices of the groups above (a colour is chosen first, then the sizes that
 * colour comes in): a combination no variation has is not offered. It is in stock when one such
 * variation has stock.
 */
export function variantOptions(
  variations: readonly VariantLike[],
  groups: readonly AttributeGroup[],
  selection: VariantSelection,
): VariantGroupState[] {
  return groups.map((group, i) => {
    const above = matching(variations, groups, selection, i);
    return {
      name: group.name,
      options: group.values.map((value) => {
        const withValue = above.filter((v) => v.attributes[group.name] === value);
        return {
          value,
          available: withValue.length > 0,
          inStock: withValue.some((v) => v.stock > 0),
          selected: selection[group.name] === value,
        };
      }),
    };
  });
}

/** The variation a selection names (a value chosen in every group), or undefined. */
export function chosenVariation<V extends VariantLike>(
  variations: readonly V[],
  groups: readonly AttributeGroup[],
  selection: VariantSelection,
): V | undefined {
  if (groups.length === 0 || groups.some((g) => selection[g.name] === undefined)) return undefined;
  return variations.find((v) => groups.every((g) => v.attributes[g.name] === selection[g.name]));
}

/**
 * The groups from `from` on, settled: a choice still possible with the ones above is kept, a
 * group with one possible value takes it, and any other is left for the shopper to choose (a
 * size is chosen, never guessed: issue 59).
 */
function completed(
  variations: readonly VariantLike[],
  groups: readonly AttributeGroup[],
  selection: VariantSelection,
  from: number,
): VariantSelection {
  const next: Record<string, string> = { ...selection };
  for (let i = from; i < groups.length; i++) {
    const group = groups[i]!;
    const { options } = variantOptions(variations, groups, next)[i]!;
    const possible = options.filter((o) => o.available);
    const kept = possible.find((o) => o.value === next[group.name]);
    const pick = kept ?? (possible.length === 1 ? possible[0] : undefined);
    if (pick) next[group.name] = pick.value;
    else delete next[group.name];
  }
  return next;
}

/**
 * The selection after choosing `value` for the group `name`: the groups above keep their choices,
 * the ones below keep theirs when still possible (else are cleared, unless one value is left). A
 * value that is not available (or an unknown group) leaves the selection as it was.
 */
export function chooseVariant(
  variations: readonly VariantLike[],
  groups: readonly AttributeGroup[],
  selection: VariantSelection,
  name: string,
  value: string,
): VariantSelection {
  const at = groups.findIndex((g) => g.name === name);
  if (at < 0) return selection;
  const option = variantOptions(variations, groups, selection)[at]!.options.find(
    (o) => o.value === value,
  );
  if (!option?.available) return selection;
  return completed(variations, groups, { ...selection, [name]: value }, at + 1);
}

/**
 * What the picker starts with: the colour (it changes the picture) of the first variation in
 * stock (else the first one), and any group with a single possible value. A size, or any other
 * attribute with a choice, starts unchosen: the shopper picks it.
 */
export function initialVariantSelection(
  variations: readonly VariantLike[],
  groups: readonly AttributeGroup[],
): VariantSelection {
  const first = variations.find((v) => v.stock > 0) ?? variations[0];
  if (!first) return {};
  const start: Record<string, string> = {};
  const colour = groups[0];
  if (colour && COLOUR.test(colour.name.trim())) {
    const value = first.attributes[colour.name];
    if (value !== undefined && colour.values.includes(value)) start[colour.name] = value;
  }
  return completed(variations, groups, start, 0);
}

/** The groups still to choose (in order) before the selection names a variation. */
export function unchosenGroups(
  groups: readonly AttributeGroup[],
  selection: VariantSelection,
): string[] {
  return groups.filter((g) => selection[g.name] === undefined).map((g) => g.name);
}

/** A variation's values in the groups' order ("Black / M"), the way the picker names it. */
export function variantLabel(
  attributes: Readonly<Record<string, string>>,
  groups: readonly AttributeGroup[],
): string {
  const named = groups.map((g) => attributes[g.name]).filter((v): v is string => !!v);
  const rest = Object.entries(attributes)
    .filter(([k, v]) => v && !groups.some((g) => g.name === k))
    .map(([, v]) => v);
  return [...named, ...rest].join(' / ');
}
