import { expect as baseExpect, test } from '@playwright/test';
import { pathOf, productTitled } from './cart-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Runs against the quote shop (projects quote-*; the name ends in quote.spec.ts): issue 59
// item 7, 15 jerseys are typed on the number pad, not 14 taps of +.
const expect = baseExpect.configure({ timeout: 15_000 });
const JERSEY = 'Sublimated Cricket Jersey';

test("a quote's quantity is typed, checked beside its box, and is the cart's", async ({
  page,
  request,
}, info) => {
  const jersey = await productTitled(request, 'threadline', JERSEY);
  await page.goto(pathOf(jersey));
  await page.getByRole('button', { name: 'Get Quote' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const box = page.getByRole('textbox', { name: new RegExp(`^Quantity of ${JERSEY}`) });
  await expect(box).toHaveAttribute('inputmode', 'numeric');
  await expect(box).toHaveValue('1');

  await box.fill('15');
  await box.blur();
  const stepper = page.getByRole('group', { name: new RegExp(`^Quantity of ${JERSEY}`) });
  await expect(stepper.locator('output')).toHaveText('15');
  await expect(box).toHaveValue('15');

  await box.fill('0');
  await box.blur();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^Type 1 to \d+\.$/)).toBeVisible();
  await expect(stepper.locator('output')).toHaveText('15');
  await box.scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'phone-typed-quote');
});
