import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Opens a back-office action's reason dialog by its button, writes the reason and confirms. */
export async function actWithReason(page: Page, action: string, reason: string) {
  const dialog = page.getByRole('dialog');
  // A click that lands while the page re-renders can be lost; the journey is about what the
  // dialog does, so click again until it is open (never twice once it is).
  await expect(async () => {
    if ((await dialog.count()) === 0) await page.getByRole('button', { name: action, exact: true }).click();
    await expect(dialog.getByLabel('Reason')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
