import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// What the browser tests of the play screen share: its roll button, a roll that has landed, the cell a
// sheet button sits in, and a watch for tumbling dice.

export const rollButton = (page: Page) => page.getByRole('button', { name: /^Roll \d\/3$/ });

/** Rolls and waits until the roll has landed (the button's count moved on). */
export async function roll(page: Page) {
  const button = rollButton(page);
  const before = await button.textContent();
  await button.click();
  await expect(button).not.toHaveText(before ?? '');
}

/** The column and box of the cell a sheet button sits in (the button itself goes once the box is filled). */
export async function cellOfButton(button: Locator) {
  const cell = button.locator('xpath=ancestor::td[1]');
  return {
    column: (await cell.getAttribute('data-column')) ?? '',
    box: (await cell.getAttribute('data-box')) ?? '',
  };
}

/** Notes in the page (`window.tumbled`) whether any die starts tumbling from now on. */
export const watchTumbles = (page: Page) =>
  page.evaluate(() => {
    const flag = window as unknown as { tumbled: boolean };
    flag.tumbled = false;
    new MutationObserver(() => {
      if (document.querySelector('.die--tumbling')) flag.tumbled = true;
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['class'],
    });
  });
