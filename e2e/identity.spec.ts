import { expect, test } from './support/test';
import { latestCode, PASSWORD, signIn, url } from './support/app';
import { expectAccessible } from './support/accessibility';

test('a member signs in with a code emailed to them', async ({ page }) => {
  await page.goto(url('acme', '/signin'));
  await page.getByRole('button', { name: 'Use a code sent by email instead' }).click();
  await page.getByLabel('Email').fill('employee@acme.test');
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByText('If employee@acme.test belongs to an account here')).toBeVisible();

  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('not correct');

  await page.getByLabel('6-digit code').fill(await latestCode(page, 'employee@acme.test'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Esha' })).toBeVisible();
});

test('a member who forgot their password resets it with an emailed code', async ({ page }) => {
  // A seeded employee of Acme that no other journey signs in as.
  const email = 'tanvi.reddy21@acme.test';
  await page.goto(url('acme', '/signin'));
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset code' }).click();
  // The code field appears once the server has answered, and the mail is written before it answers: read the outbox
  // only then (read at once, a busy server had not yet written it).
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  await page.getByLabel('6-digit code').fill(await latestCode(page, email));

  await page.getByLabel('New password').fill('acme');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Use at least 15 characters')).toBeVisible();

  const newPassword = 'copper meadow lantern violet';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password was changed')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email, username or password is not correct.');
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a member signs in with a code texted to the number on their profile', async ({ page }) => {
  await page.goto(url('acme', '/signin'));
  await page.getByRole('button', { name: 'Use a code sent by text message instead' }).click();
  await page.getByLabel('Mobile number').fill('+91 98000-00020');
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByText('is on a profile here')).toBeVisible();
  await page.getByLabel('6-digit code').fill(await latestCode(page, '+91 98000 00020'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Emil' })).toBeVisible();
});

test('a member changes their name on their profile page', async ({ page }) => {
  await signIn(page, 'acme', 'rohan.patel2@acme.test');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Your profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expectAccessible(page, 'Your profile');
  await page.getByLabel('Last name').fill('Patil');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Rohan Patil');
});
