import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Picks an option of an antd Select and checks it was taken. Under load a click can land while the
 * list is still sliding in and be lost, so the pick is made again until `chosen` shows. The select
 * is clicked only while its list is closed: clicking it again would close a list the last try left
 * open, and the tries would take turns opening and closing it.
 */
export async function chooseOption(page: Page, select: Locator, option: Locator, chosen: Locator) {
  const openList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(async () => {
    if (!(await openList.isVisible())) await select.click();
    await option.click({ timeout: 3_000 });
    await expect(chosen).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
