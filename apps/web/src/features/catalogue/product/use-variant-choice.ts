import { useCallback, useMemo, useState } from 'react';
import type { Product } from '@shop/contracts';
import {
  chooseVariant,
  chosenVariation,
  initialVariantSelection,
  isVariableProduct,
  unchosenGroups,
  variantAttributes,
} from '@shop/domain';

/**
 * The chip choice of a Variable product, shared by the product page and the card's variant
 * sheet: its groups (colour first), the selection (a colour may start chosen, a size never
 * does), the variation it names, and what is still to choose. `prompted` is set when the
 * shopper tapped Add or Buy before choosing everything: the page then says "Select a size".
 * `pickerId` is the VariantPicker's id, where `whenChosen` sends the shopper.
 */
export function useVariantChoice(product: Product, pickerId: string) {
  const groups = useMemo(
    () =>
      isVariableProduct(product) ? variantAttributes(product.variation, product.attribute) : [],
    [product],
  );
  const [selection, setSelection] = useState(() =>
    initialVariantSelection(product.variation, groups),
  );
  const [prompted, setPrompted] = useState(false);
  const choose = useCallback(
    (name: string, value: string) =>
      setSelection((s) => chooseVariant(product.variation, groups, s, name, value)),
    [product.variation, groups],
  );
  const chosen =
    groups.length > 0 ? chosenVariation(product.variation, groups, selection) : undefined;
  const unchosen = unchosenGroups(groups, selection);
  // The picture follows the colour before a size is chosen: the first variation agreeing with
  // what is chosen so far.
  const pictured =
    chosen ??
    (Object.keys(selection).length > 0
      ? product.variation.find((v) =>
          Object.entries(selection).every(([name, value]) => v.attributes[name] === value),
        )
      : undefined);
  const prompt = prompted && unchosen.length > 0 ? `Select a ${unchosen[0]!.toLowerCase()}` : null;
  /** Runs `go` once every group is chosen; else says what to choose and goes there. */
  const whenChosen = (go: () => void) => {
    if (unchosen.length > 0) {
      setPrompted(true);
      focusGroup(
        pickerId,
        groups.findIndex((g) => g.name === unchosen[0]),
      );
      return;
    }
    go();
  };
  return {
    pictured,
    groups,
    selection,
    choose,
    chosen,
    unchosen,
    /** "Select a size" while the shopper has been told and still has not chosen; else null. */
    prompt,
    whenChosen,
  };
}

/**
 * Brings the first chip of an unchosen group into view and focuses it (not choosing it), so the
 * shopper told "Select a size" lands on the sizes.
 */
function focusGroup(pickerId: string, groupIndex: number) {
  const group = document.getElementById(`${pickerId}-${groupIndex}`);
  if (!group) return;
  group.scrollIntoView({ block: 'center', behavior: 'smooth' });
  group.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus({ preventScroll: true });
}
