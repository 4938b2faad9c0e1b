import { expect, type Page } from '@playwright/test';
import { nextMinute } from './clock';

/**
 * On an area's back-office list: a new draft titled `title`, scheduled for the first whole minute
 * at least two minutes after the server's "now" (the field has minute precision, in UTC). Returns that time
 * once the button is pressed; the caller checks what the editor sees next and moves the clock.
 */
export async function scheduleNewDraft(page: Page, title: string): Promise<Date> {
  await page.getByRole('link', { name: 'Nouvel élément' }).click();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/\d+$/);
  const at = await nextMinute(page.request);
  await page.getByLabel('Programmer la mise en ligne (UTC)').fill(at.toISOString().slice(0, 16));
  await page.getByRole('button', { name: 'Programmer', exact: true }).click();
  return at;
}
