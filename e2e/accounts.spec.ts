import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  latestCode,
  openSignedIn,
  pasteCode,
  registerAccount,
  uniqueEmail,
} from './accounts-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Sign-up, login and reset hash passwords (argon2id): slow on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

const header = (page: Page) => page.getByRole('navigation', { name: 'Account and cart' });

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

test('register with the emailed code, log out, log in again', async ({ page }, info) => {
  const email = uniqueEmail();
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'register-email');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Email').fill('asha-at-example');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Invalid email address.')).toBeVisible();

  const since = Date.now() - 1000;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(toast(page, 'OTP sent successfully!')).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();

  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter all 6 digits of OTP')).toBeVisible();

  // One digit per box; focus moves forward as each is typed.
  const code = await latestCode(email, since);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code.slice(0, 3));
  await expect(page.getByLabel('Digit 4 of 6')).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(page.getByLabel('Digit 3 of 6')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type(code.slice(3));
  await expect(page.getByLabel('Digit 6 of 6')).toHaveValue(code.slice(5));
  // Six boxes a thumb can hit, at 360 px too: 44 × 44 each.
  for (let d = 1; d <= 6; d += 1) {
    const box = (await page.getByLabel(`Digit ${d} of 6`).boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(43.5);
  }
  await shot(page, info, 'register-otp');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'OTP verified successfully!')).toBeVisible();

  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  // Typed as people write it: letters dropped, +91, spaces and dashes kept for the domain to read.
  await page.getByLabel('Phone').pressSequentially('+91 98a76-543210');
  await expect(page.getByLabel('Phone')).toHaveValue('+91 9876-543210');
  await page.getByLabel('Password').fill('abc');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Full name is required.')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
  await shot(page, info, 'register-details');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Full name').fill('Asha Rao');
  await page.getByLabel('Password').fill('skate-123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(page, 'Registration successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('link', { name: 'Hi, Asha Rao' })).toBeVisible();

  await page.goto('/my-account');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

  await login(page, email, 'abc');
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await login(page, email, 'wrong-password');
  await expect(toast(page, 'Invalid email or password.')).toBeVisible();
  await login(page, email, 'skate-123');
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('link', { name: 'Hi, Asha Rao' })).toBeVisible();
});

test('login screen: links, and a look', async ({ page }, info) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
    'href',
    '/rules-and-regulations',
  );
  await expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expect(main.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/register',
  );
  await expect(main.getByRole('link', { name: 'Having trouble in sign in?' })).toHaveAttribute(
    'href',
    '/reset',
  );
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'login');
  await expectNoSeriousA11yViolations(page);
});

test('reset the password, then log in with the new one', async ({ page, request }, info) => {
  const account = await registerAccount(request);
  await page.goto('/reset');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await shot(page, info, 'reset-email');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Email').fill('asha@example');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  const since = Date.now() - 1000;
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(toast(page, 'OTP sent to your email.')).toBeVisible();
  await pasteCode(page, '12');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter all 6 digits of OTP')).toBeVisible();
  await pasteCode(page, await latestCode(account.email, since));
  await expect(page.getByLabel('Digit 6 of 6')).toBeFocused();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'OTP verified successfully!')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('other');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await shot(page, info, 'reset-password');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('rolling-456');
  await page.getByLabel('Confirm new password').fill('rolling-456');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(toast(page, 'Password reset successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/reset$/);
  await expect(page).toHaveURL(/\/login$/);

  await login(page, account.email, account.password);
  await expect(toast(page, 'Invalid email or password.')).toBeVisible();
  await login(page, account.email, 'rolling-456');
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('Google sign-in through the local test dialog', async ({ page }, info) => {
  const email = uniqueEmail('ravi');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const dialog = page.getByRole('dialog', { name: 'Local test sign-in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('ravi@gmail.com');
  await dialog.getByLabel('Name').fill('Ravi Shah');
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await shot(page, info, 'google-local-dialog');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(toast(page, 'Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header(page).getByRole('link', { name: 'Hi, Ravi Shah' })).toBeVisible();
});

test('a protected page sends a guest to /login and login comes back to it', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('navigatepage'))).toBe('/my-account');
  await login(page, account.email, account.password);
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('navigatepage'))).toBeNull();
});

test('my account: orders, help, and a 401 refreshes the tokens once', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await openSignedIn(page, account, '/my-account');
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'my-account-orders');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Help' }).click();
  await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d{12}$/,
  );
  await expect(page.getByRole('link', { name: /^Call \+91/ })).toHaveAttribute(
    'href',
    /^tel:\+91\d{10}$/,
  );
  await shot(page, info, 'my-account-help');

  // An expired access token: the next call is answered 401, refreshes once and goes on.
  await page.evaluate(() => localStorage.setItem('accessToken', 'expired'));
  await page.getByRole('tab', { name: 'Address' }).click();
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  const tokens = await page.evaluate(() => [
    localStorage.getItem('accessToken'),
    localStorage.getItem('refreshToken'),
  ]);
  expect(tokens[0]).not.toBe('expired');
  expect(tokens[1]).not.toBe(account.refreshToken);

  // A refused refresh signs out.
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'revoked');
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

/** Makes the address whose text matches `address` the default of `kind` through the modal. */
async function chooseDefault(page: Page, kind: 'shipping' | 'billing', address: RegExp) {
  await page.getByRole('button', { name: `Choose default ${kind}` }).click();
  const dialog = page.getByRole('dialog', { name: `Select ${kind} address` });
  await dialog.getByRole('radio', { name: address }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('address book: add, edit, set defaults, delete', async ({ page, request }, info) => {
  const account = await registerAccount(request);
  await openSignedIn(page, account, '/my-account?tab=address');
  const list = page.getByRole('list', { name: 'Saved addresses' });

  await page.getByRole('button', { name: 'Add address' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add address' });
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('Address is required.')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid 6-digit pincode.')).toBeVisible();
  await shot(page, info, 'address-form');
  await expectNoSeriousA11yViolations(page);
  await expect(dialog.getByLabel('Name')).toHaveValue('Asha Rao');
  await dialog.getByLabel('Address', { exact: true }).fill('12 Sea View Road');
  await dialog.getByLabel('Area / locality').fill('Colaba');
  await dialog.getByLabel('City').fill('Mumbai');
  await dialog.getByLabel('Pincode').fill('110001');
  // Saved anywhere (a billing address), but the form says the shop does not deliver there.
  await expect(dialog.getByTestId('pincode-not-served')).toBeVisible();
  await dialog.getByLabel('Pincode').fill('400001');
  await expect(dialog.getByTestId('pincode-not-served')).toBeHidden();
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('12 Sea View Road, Colaba');

  await page.getByRole('button', { name: 'Add address' }).click();
  dialog = page.getByRole('dialog', { name: 'Add address' });
  await dialog.getByLabel('Office').check();
  await dialog.getByLabel('Address', { exact: true }).fill('4th floor, Link Square');
  await dialog.getByLabel('City').fill('Mumbai');
  await dialog.getByLabel('Pincode').fill('400064');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Edit Office address' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit address' });
  await expect(dialog.getByLabel('Pincode')).toHaveValue('400064');
  await dialog.getByLabel('Area / locality').fill('Malad West');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(list).toContainText('4th floor, Link Square, Malad West');

  await page.getByRole('button', { name: 'Choose default shipping' }).click();
  dialog = page.getByRole('dialog', { name: 'Select shipping address' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select an address before saving.');
  await dialog.getByRole('radio', { name: /Office/ }).check();
  await shot(page, info, 'address-select');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const office = list.getByRole('listitem').filter({ hasText: 'Office' });
  const home = list.getByRole('listitem').filter({ hasText: 'Home' });
  await expect(office.getByText('Default shipping')).toBeVisible();
  await expect(home.getByText('Default shipping')).toHaveCount(0);

  await chooseDefault(page, 'billing', /Office/);
  await expect(office.getByText('Default billing')).toBeVisible();
  await expect(home.getByText('Default billing')).toHaveCount(0);

  // Moving the default shipping address clears the old one and keeps the billing one.
  await chooseDefault(page, 'shipping', /Home/);
  await expect(home.getByText('Default shipping')).toBeVisible();
  await expect(office.getByText('Default shipping')).toHaveCount(0);
  await expect(office.getByText('Default billing')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'my-account-address');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Delete Office address' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete this address?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Office address' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).not.toContainText('Link Square');
});

test.describe('inside the native app shell', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) UrbanRollApp/2.1' });

  test('Google sign-in goes through the native bridge', async ({ page, request }) => {
    const options = (await (await request.get('/api/auth/options')).json()) as {
      appShellMarker: string;
    };
    expect(options.appShellMarker).toBe('UrbanRollApp');
    await page.addInitScript(() => {
      const sent: string[] = [];
      Object.assign(window, {
        bridgeMessages: sent,
        ReactNativeWebView: { postMessage: (m: string) => sent.push(m) },
      });
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { bridgeMessages: string[] }).bridgeMessages),
      )
      .toEqual(['{"type":"google-sign-in"}']);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The shell signs in with Google natively and answers with the ID token.
    const email = uniqueEmail('meera');
    const res = await request.post('/api/auth/google-local/token', {
      data: { email, name: 'Meera Iyer' },
    });
    const { credential } = (await res.json()) as { credential: string };
    await page.evaluate((token) => {
      window.postMessage(JSON.stringify({ type: 'google-token', token }), '*');
    }, credential);
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Hi, Meera Iyer' })).toBeVisible();
  });
});
