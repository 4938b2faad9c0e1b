import { expect, type Page } from '@playwright/test';

/**
 * On an area's back-office list: a new draft titled `title`, scheduled for the next whole minute
 * at least 10 s away (the field has minute precision, in UTC). Returns that time once the button is
 * pressed; the caller checks what the editor sees next.
 */
export async function scheduleNewDraft(page: Page, title: string): Promise<Date> {
  await page.getByRole('link', { name: 'Nouvel élément' }).click();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/\d+$/);
  const at = new Date(Math.ceil((Date.now() + 10_000) / 60_000) * 60_000);
  await page.getByLabel('Programmer la mise en ligne (UTC)').fill(at.toISOString().slice(0, 16));
  await page.getByRole('button', { name: 'Programmer', exact: true }).click();
  return at;
}
