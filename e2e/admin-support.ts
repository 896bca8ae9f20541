import { expect, type Page } from '@playwright/test';
import { E2E_OWNER } from './accounts-support.ts';

/** Signs in at /admin as the store's first owner (argon2id on a busy machine: a long wait). */
export async function signInAsOwner(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(E2E_OWNER.email);
  await page.getByLabel('Password').fill(E2E_OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
}
