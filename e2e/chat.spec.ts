import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

// The chat demo runs against the in-browser mock backend; its data resets on every page load.

async function openChat(page: Page) {
  await page.goto('/apps/chat');
  await expect(page.getByTestId('chat-app')).toBeVisible({ timeout: 30_000 });
}

const chatItem = (page: Page, name: string) =>
  page.getByTestId('chat-list-item').filter({ hasText: name });

test.describe('chat', () => {
  test.describe.configure({ timeout: 120_000 });

  test('reading a chat clears its badge; sending a message shows it in the log and the list', async ({
    signedIn: page,
  }) => {
    await openChat(page);
    await expect(page.getByTestId('chat-empty')).toContainText('Start Conversation');
    const felecia = chatItem(page, 'Felecia Rower');
    await expect(felecia.getByTestId('chat-unseen')).toHaveText('1');

    await felecia.click();
    await expect(page).toHaveURL(/[?&]contact=1/);
    await expect(page.getByTestId('chat-active-name')).toHaveText('Felecia Rower');
    await expect(page.getByTestId('chat-message')).toHaveCount(10);
    await expect(felecia.getByTestId('chat-unseen')).toHaveCount(0);

    // An empty message is not sent.
    await expect(page.getByTestId('chat-send')).toBeDisabled();
    await page.getByTestId('chat-input').fill('Please send the breakdown by month');
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.getByTestId('chat-message').last()).toHaveText(
      'Please send the breakdown by month',
    );
    await expect(page.getByTestId('chat-message')).toHaveCount(11);
    await expect(page.getByTestId('chat-input')).toHaveValue('');
    await expect(felecia.getByTestId('chat-last-message')).toHaveText(
      'Please send the breakdown by month',
    );
  });

  test('a first message to a contact starts a conversation under Chats', async ({
    signedIn: page,
  }) => {
    await openChat(page);
    await expect(page.getByTestId('chat-list-item')).toHaveCount(2);
    await page.getByTestId('chat-search').fill('migu');
    await expect(page.getByTestId('contact-list-item')).toHaveCount(1);
    await page.getByTestId('contact-list-item').click();
    await expect(page.getByTestId('chat-active-name')).toHaveText('Miguel Guelff');
    await expect(page.getByTestId('chat-message')).toHaveCount(0);

    await page.getByTestId('chat-input').fill('Hello Miguel, is the training budget final?');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message')).toHaveText([
      'Hello Miguel, is the training budget final?',
    ]);
    await page.getByTestId('chat-search').fill('');
    await expect(page.getByTestId('chat-list-item')).toHaveCount(3);
    await expect(page.getByTestId('chat-list-item').first()).toContainText('Miguel Guelff');
  });

  test('the profile status is saved for the page load', async ({ signedIn: page }) => {
    await openChat(page);
    await page.getByTestId('chat-open-profile').click();
    const profile = page.getByRole('dialog');
    await profile.getByTestId('chat-status-busy').click();
    await expect(profile.getByTestId('chat-status-busy')).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('chat-open-profile').getByLabel('Busy')).toBeVisible();
  });

  test('works at phone width', async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openChat(page);
    await page.getByRole('button', { name: 'Start Conversation' }).click();
    await chatItem(page, 'Adalberto Granzin').click();
    await expect(page.getByTestId('chat-active-name')).toBeInViewport();
    await page.getByTestId('chat-input').fill('On my phone');
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message').last()).toHaveText('On my phone');
  });
});
