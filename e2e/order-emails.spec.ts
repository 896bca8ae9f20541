import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { registerAccount } from './accounts-support.ts';
import { ownerOnPhone } from './admin-support.ts';
import { productTitled } from './cart-support.ts';
import { addAddress } from './checkout-support.ts';
import { outboxMessages } from './outbox.ts';
import { placePaidOrder } from './orders-support.ts';
import { expectNoSeriousA11yViolations, shotsAtBothSizes } from './support.ts';

// Signing up hashes a password and the sandbox's webhooks run beside: slow machines.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const TEE = 'Essential Crew Neck Tee – Black';
const dataDir = process.env.E2E_DATA_DIR!;
const outbox = path.join(dataDir, 'outbox');
const setAside = path.join(dataDir, 'outbox-set-aside');

/**
 * The server's email sender (the outbox folder, as in a shop without SMTP) fails the way a
 * misconfigured one does: a file stands where its folder must be, so every send is refused.
 * Runs after the main shop's other specs (playwright.config.ts), which read their codes there.
 */
let broken = false;
async function breakEmail() {
  await rename(outbox, setAside);
  broken = true;
  await writeFile(outbox, 'not a folder');
}
async function mendEmail() {
  if (!broken) return;
  await rm(outbox, { force: true });
  await rename(setAside, outbox);
  broken = false;
}

/**
 * Decisions 0048 and 0049: a paid order's emails the email server refused are on the owner's
 * dashboard, with the server's error and the order (and on the order's page); so is the notice of
 * a contact message sent meanwhile, in a card of its own. "Send them again" says beside it that
 * they are still refused, and once the sender is mended, that they went; the customer then has
 * the confirmation and the shop its notice.
 */
test('emails the email server refused: on the dashboard, sent again once it is mended', async ({
  browser,
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, 'urbanroll', TEE);
  await breakEmail();
  try {
    await placePaidOrder(page, account, [{ product: tee }]);
    const sender = `Nisha Verma ${Date.now()}`;
    const contact = await request.post('/api/leads', {
      data: {
        name: sender,
        email: `nisha.${Date.now()}@example.com`,
        mobile: '+91 98200-54321',
        remark: 'Do you teach adults on weekends?',
        property_id: 'urbanroll',
      },
    });
    expect(contact.ok(), await contact.text()).toBe(true);

    const { owner, context: ownerContext } = await ownerOnPhone(browser);
    const card = owner.getByTestId('unsent-order-emails');
    // The customer's confirmation and the shop's new-order notice.
    await expect(card.getByRole('heading')).toHaveText('2 order emails could not be sent');
    await expect(card).toContainText('They are tried again by themselves for about 4 hours.');
    await expect(card).toContainText('The email server said: EEXIST');
    const orderLink = card.getByRole('link', { name: /^UR-\d+$/ });
    await expect(orderLink).toHaveCount(1);
    const orderNumber = (await orderLink.textContent())!;
    await expectNoSeriousA11yViolations(owner);
    await shotsAtBothSizes(owner, 'unsent-order-emails', card);

    // The order shows them too, each with the server's error, and leads back to the dashboard.
    await orderLink.click();
    const onOrder = owner.getByTestId('order-unsent-emails');
    await expect(onOrder.getByRole('listitem')).toHaveCount(2);
    await expect(onOrder).toContainText('The order confirmation to the customer: refused');
    await expect(onOrder).toContainText('The new-order notice to the shop: refused');
    await shotsAtBothSizes(owner, 'order-unsent-emails', onOrder);
    await onOrder.getByRole('link', { name: 'send them again from the dashboard' }).click();
    await expect(card).toBeVisible();

    // Sent again before the sender is mended: refused again, said beside the button.
    const again = card.getByRole('button', { name: 'Send them again' });
    const box = await again.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await again.click();
    await expect(card.getByRole('alert')).toContainText('Still not sent: EEXIST');
    await expect(card.getByRole('heading')).toHaveText('2 order emails could not be sent');
    await shotsAtBothSizes(owner, 'unsent-order-emails-refused', card);

    // The contact message's notice to the shop, in its own card; the message is in the inbox.
    const notices = owner.getByTestId('unsent-shop-notices');
    await expect(notices.getByRole('heading')).toHaveText('1 form notice could not be sent');
    await expect(notices).toContainText('The email server said: EEXIST');
    await expect(notices.getByRole('link', { name: 'Inbox' })).toHaveAttribute(
      'href',
      '/admin/inbox',
    );
    const noticesAgain = notices.getByRole('button', { name: 'Send them again' });
    await noticesAgain.click();
    await expect(notices.getByRole('alert')).toContainText('Still not sent: EEXIST');
    await expectNoSeriousA11yViolations(owner);
    await shotsAtBothSizes(owner, 'unsent-shop-notices', notices);

    await mendEmail();
    await again.click();
    await expect(owner.getByTestId('unsent-order-emails-outcome')).toHaveText(
      'Sent: every order email has gone out.',
    );
    await expect(card).toHaveCount(0);
    await noticesAgain.click();
    await expect(owner.getByTestId('unsent-shop-notices-outcome')).toHaveText(
      'Sent: every form notice has gone out.',
    );
    await expect(notices).toHaveCount(0);
    await shotsAtBothSizes(owner, 'unsent-order-emails-sent');

    // The customer has the confirmation now, once.
    const toCustomer = (await outboxMessages(dataDir)).filter(
      (m) => m.to === account.email && m.subject.includes(`order ${orderNumber} is confirmed`),
    );
    expect(toCustomer).toHaveLength(1);
    const toShop = (await outboxMessages(dataDir)).filter(
      (m) => m.subject === `New contact message from ${sender}`,
    );
    expect(toShop).toHaveLength(1);
    await ownerContext.close();
  } finally {
    await mendEmail();
  }
});
