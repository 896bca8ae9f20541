import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './accounts-support.ts';
import { outboxMessages } from './outbox.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

/** The shop notices in the server's outbox whose subject contains `text`. */
async function noticesWith(text: string): Promise<{ subject: string; text: string }[]> {
  const mails = await outboxMessages(process.env.E2E_DATA_DIR!);
  return mails.filter((m) => m.subject.includes(text));
}

const PAGES = [
  ['/about', 'About Us', 'Our story'],
  ['/centers', 'Our Centres', 'Malad (E) centre'],
  ['/privacy-policy', 'Privacy Policy', 'What we collect'],
  ['/refund-policy', 'Refund Policy', 'within 48 hours of delivery'],
  ['/terms-and-conditions', 'Terms and Conditions', 'Orders and prices'],
  ['/shipping-and-delivery', 'Shipping and Delivery', 'Delivery times'],
  ['/rules-and-regulations', 'Rules and Regulations', 'INR 200'],
] as const;

for (const [url, heading, text] of PAGES) {
  test(`${url} shows its page with its own title and passes axe`, async ({ page }, info) => {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page).toHaveTitle(`${heading} | Urban Roll`);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(20);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, info, `content${url.replace(/\//g, '-')}`);
  });
}

test('the about page has three testimonials and its shop-now buttons', async ({ page }) => {
  await page.goto('/about');
  await expect(page.locator('blockquote')).toHaveCount(3);
  await page.getByRole('link', { name: 'Shop now' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('the centres page has five places, each with a directions link', async ({ page }) => {
  await page.goto('/centers');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(5);
  const directions = page.getByRole('link', { name: 'Get directions' });
  await expect(directions).toHaveCount(5);
  await expect(directions.first()).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
  );
  await expect(directions.first()).toHaveAttribute('target', '_blank');
});

test('a link inside a content page stays in the app', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.locator('article').getByRole('link', { name: 'Refund Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test('the footer links to every content page and the forms', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: 'Footer' });
  for (const [url] of PAGES) await expect(footer.locator(`a[href="${url}"]`)).toHaveCount(1);
  await expect(footer.locator('a[href="/contact"]')).toHaveCount(1);
  await expect(footer.locator('a[href="/enquiry-form"]')).toHaveCount(1);
  await footer.locator('a[href="/refund-policy"]').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
});

async function fillContact(page: Page, email: string, name = 'Meera Joshi') {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('98200 54321');
}

test('contact: required fields, the 500 counter, then "Thank you for contacting!"', async ({
  page,
}, info) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact Us | Urban Roll');
  await expect(page.getByRole('heading', { name: 'Get In Touch' })).toBeVisible();
  // The contact block: office, phone and WhatsApp with +91, email.
  const block = page.getByRole('region', { name: 'Contact information' });
  await expect(block.getByText('Veera Desai Road')).toBeVisible();
  await expect(block.getByRole('link', { name: '+91 98200 12345' }).first()).toHaveAttribute(
    'href',
    'tel:+919820012345',
  );
  await expect(block.locator('a[href="https://wa.me/919820012345"]')).toBeVisible();
  await expect(block.getByRole('link', { name: 'hello@urbanroll.example' })).toBeVisible();

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Phone is required.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'contact-errors');

  const counter = page.locator('#contact-message-count');
  await expect(counter).toHaveText(/0\/500$/);
  const message = page.getByLabel('Message');
  await message.fill('x'.repeat(499));
  await expect(counter).toHaveText(/499\/500$/);
  await expect(counter).toHaveAttribute('data-at-limit', 'false');
  const grey = await counter.evaluate((el) => getComputedStyle(el).color);
  await message.fill('y'.repeat(520));
  await expect(message).toHaveValue('y'.repeat(500));
  await expect(counter).toHaveText(/500\/500$/);
  await expect(counter).toHaveAttribute('data-at-limit', 'true');
  // Red: the colour of the form's error messages (text-red-700), not the grey it had at 499.
  const red = await page
    .getByText('Name is required.')
    .evaluate((el) => getComputedStyle(el).color);
  expect(await counter.evaluate((el) => getComputedStyle(el).color)).toBe(red);
  expect(red).not.toBe(grey);

  const email = uniqueEmail('meera');
  const name = `Meera ${info.project.name}`;
  await fillContact(page, email, name);
  await message.fill('Do you have size 5 quad skates?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you for contacting!')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(message).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'contact-sent');
  await expect.poll(async () => (await noticesWith(name)).length).toBe(1);
  expect((await noticesWith(name))[0]!.text).toContain(email);
});

test('contact: a failed send says "Something went wrong. Please try again."', async ({ page }) => {
  await page.route('**/api/leads', (route) =>
    route.fulfill({ status: 500, json: { isError: true, msg: 'down', message: 'down' } }),
  );
  await page.goto('/contact');
  await fillContact(page, uniqueEmail('fail'));
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Something went wrong. Please try again.')).toBeVisible();
  // What was typed stays, to send again.
  await expect(page.getByLabel('Name')).toHaveValue('Meera Joshi');
});

test('enquiry: required fields, then "Enquiry Sent"; a failure is silent', async ({
  page,
}, info) => {
  await page.goto('/enquiry-form');
  await expect(page).toHaveTitle('Enquiry Form | Urban Roll');
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByText('Phone is required.')).toBeVisible();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'enquiry-errors');

  const name = `Kabir ${info.project.name}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Mobile').fill('+91 98330 12345');
  const email = uniqueEmail('kabir');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('Weekend batches at Andheri?');
  const sent = page.waitForRequest('**/api/inquiry');
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  // The spec's body (§3, §7): the email field feeds school.
  expect((await sent).postDataJSON()).toMatchObject({
    name,
    mobile: '9833012345',
    parent_name: '',
    school: email,
    dob: '',
    age: '',
    remark: 'Weekend batches at Andheri?',
  });
  await expect(page.getByText('Enquiry Sent')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await shot(page, info, 'enquiry-sent');
  await expect.poll(async () => (await noticesWith(name)).length).toBe(1);

  await page.route('**/api/inquiry', (route) => route.abort());
  await page.getByLabel('Name').fill('Kabir Rao');
  await page.getByLabel('Mobile').fill('9833012345');
  await page.getByLabel('Email').fill(uniqueEmail('kabir'));
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByRole('button', { name: 'Send enquiry' })).toBeEnabled();
  await expect(page.getByText('Enquiry Sent')).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});
