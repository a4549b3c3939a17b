import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { DriverProfile } from '@courier/domain/drivers/profile';
import type { Driver, DriverSetupData } from '@courier/domain/drivers/schemas';
import { USER_SEARCH_MAX_LENGTH } from '@courier/domain/users/limits';
import { apiAs } from '../support/api.ts';
import { restoreProfile } from '../support/drivers.ts';
import { driverRowsOf, expectSaveRefused, openDriver, pasteTooLong, requestsTo } from '../support/steps.ts';
import { browserForTests, expectAccessible, signedInPage } from '../support/browser.ts';

// Issue 13, the rest of the driver register on screen: the driver profile's sections (spec 2 §3
// 'Driver profile'), the licence scan, the registration notify panel (spec 2 §4, §5, §8) and the
// driver setup with its dispatch profile editor (spec 2 §2 'Driver setup', §3 'Dispatch setup', §5, §8, §9).
const browser = browserForTests();

interface UserList {
  count: number;
  users: { id: number; firstName: string; lastName: string; email: string; roles: string[] }[];
}

const api = apiAs;

async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/** The PNG signature and a little more: the server knows a PNG by its first eight bytes. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe('driver profile, licence, registration notice and setup', () => {
  test('accounts edit the contact section, refused first with the field message; a reload shows it', async () => {
    const drivers = (await api<Driver[]>('accounts', '/drivers')).body;
    const driver = drivers[5];
    if (!driver) throw new Error('The demo data has drivers.');
    const original = (await api<DriverProfile>('accounts', `/drivers/${driver.uuid}/profile`)).body;
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      const panel = await openDriver(page, driver);
      await panel.getByRole('heading', { name: 'Profile' }).waitFor();
      // Eight sections for accounts, payment among them.
      for (const title of [
        'Personal details',
        'Contact',
        'Right to work',
        'Licence',
        'Vehicle',
        'Emergency contact',
        'Payment',
        'Consents',
      ])
        await panel.getByRole('button', { name: new RegExp(`^${title}`) }).waitFor();
      await panel.getByRole('button', { name: /^Contact/ }).click();
      const contact = panel.getByRole('form', { name: 'Contact' });
      await contact.getByRole('textbox', { name: 'City or town' }).fill('Tralee');
      await contact.getByRole('textbox', { name: 'Eircode' }).fill('XYZ');
      await contact.getByRole('button', { name: 'Save contact' }).click();
      // The domain's rule refuses it before anything is sent.
      await contact.getByText('Enter a valid Eircode, e.g. D02 X285.').waitFor();
      await contact.getByRole('textbox', { name: 'Eircode' }).fill('v92 x2p3');
      await contact.getByRole('button', { name: 'Save contact' }).click();
      await page.getByText('Contact has been saved.').first().waitFor();
      const read = async () => (await api<DriverProfile>('accounts', `/drivers/${driver.uuid}/profile`)).body.contact;
      await expect.poll(async () => (await read()).eircode).toBe('V92 X2P3');
      expect((await read()).city).toBe('Tralee');
      await page.setViewportSize({ width: 1440, height: 900 });
      await settle(page);
      await page.screenshot({ path: 'e2e/artifacts/driver-profile-1440.png' });
      await expectAccessible(page);

      await page.reload();
      const reopened = page.getByRole('dialog', { name: new RegExp(`^${driver.driverNumber} · `) });
      await reopened.getByRole('button', { name: /^Contact/ }).click();
      await expect
        .poll(() =>
          reopened.getByRole('form', { name: 'Contact' }).getByRole('textbox', { name: 'Eircode' }).inputValue(),
        )
        .toBe('V92 X2P3');
      expect(
        await reopened
          .getByRole('form', { name: 'Contact' })
          .getByRole('textbox', { name: 'City or town' })
          .inputValue(),
      ).toBe('Tralee');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await restoreProfile(driver, original, ['contact']);
    }
  });

  test('a date of birth typed with a two-digit year is the latest such year, so what the field shows types back', async () => {
    const drivers = (await api<Driver[]>('accounts', '/drivers')).body;
    const driver = drivers[6];
    if (!driver) throw new Error('The demo data has drivers.');
    const original = (await api<DriverProfile>('accounts', `/drivers/${driver.uuid}/profile`)).body;
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    const read = async () => (await api<DriverProfile>('accounts', `/drivers/${driver.uuid}/profile`)).body.personal;
    try {
      const panel = await openDriver(page, driver);
      await panel.getByRole('button', { name: /^Personal details/ }).click();
      const personal = panel.getByRole('form', { name: 'Personal details' });
      const birth = personal.getByRole('textbox', { name: 'Date of birth' });
      const save = personal.getByRole('button', { name: 'Save personal details' });
      for (const [typed, day] of [
        ['10/03/68', '1968-03-10'],
        ['01/01/05', '2005-01-01'],
      ] as const) {
        await birth.fill(typed);
        await birth.press('Tab');
        await expect.poll(() => birth.inputValue()).toBe(typed);
        await save.click();
        await page.getByText('Personal details has been saved.').first().waitFor();
        await expect.poll(async () => (await read()).dateOfBirth).toBe(day);
        expect(await personal.getByText('The date of birth must be a day before today.').count()).toBe(0);
      }
      // What the field shows after a reload is typed back exactly and saved as the same day.
      await page.reload();
      const reopened = page.getByRole('dialog', { name: new RegExp(`^${driver.driverNumber} · `) });
      await reopened.getByRole('button', { name: /^Personal details/ }).click();
      const again = reopened.getByRole('form', { name: 'Personal details' });
      const shown = again.getByRole('textbox', { name: 'Date of birth' });
      await expect.poll(() => shown.inputValue()).toBe('01/01/05');
      await shown.fill('');
      await shown.fill('01/01/05');
      await shown.press('Tab');
      await again.getByRole('button', { name: 'Save personal details' }).click();
      await page.getByText('Personal details has been saved.').first().waitFor();
      expect(await again.getByText('The date of birth must be a day before today.').count()).toBe(0);
      expect((await read()).dateOfBirth).toBe('2005-01-01');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await restoreProfile(driver, original, ['personal']);
    }
  });

  test('a dispatcher sees the profile without its payment section', async () => {
    const driver = (await api<Driver[]>('dispatcher', '/drivers')).body[2];
    if (!driver) throw new Error('The demo data has drivers.');
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    const panel = await openDriver(page, driver);
    await panel.getByRole('button', { name: /^Consents/ }).waitFor();
    expect(await panel.getByRole('button', { name: /^Payment/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a licence scan is uploaded, refused when not a PDF, JPEG or PNG, and deleted after a confirm', async () => {
    const driver = (await api<Driver[]>('dispatcher', '/drivers')).body[4];
    if (!driver) throw new Error('The demo data has drivers.');
    await api('dispatcher', `/drivers/${driver.uuid}/licence`, { method: 'DELETE' });
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    try {
      const panel = await openDriver(page, driver);
      await panel.getByRole('button', { name: /^Licence/ }).click();
      const block = panel.getByRole('group', { name: 'Licence file' });
      await block.getByText('No licence file uploaded.').waitFor();
      await block.getByText('PDF, JPEG or PNG, at most 10 MB.').waitFor();

      // A text file named .png is refused by its content, before it is sent.
      await block.locator('input[type=file]').setInputFiles({
        name: 'not-a-scan.png',
        mimeType: 'image/png',
        buffer: Buffer.from('hello'),
      });
      await block.getByText('The licence file must be a PDF, JPEG or PNG.').waitFor();

      await block
        .locator('input[type=file]')
        .setInputFiles({ name: 'licence-front.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('licence-front.png has been saved.').first().waitFor();
      await block.getByText('licence-front.png', { exact: true }).waitFor();
      await block.getByText(/^16 bytes · uploaded \d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/).waitFor();
      const stored = async () =>
        (await api<DriverProfile>('dispatcher', `/drivers/${driver.uuid}/profile`)).body.licenceFile;
      expect(await stored()).toMatchObject({ fileName: 'licence-front.png', contentType: 'image/png', size: 16 });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        block.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('licence-front.png');
      await settle(page);
      await page.screenshot({ path: 'e2e/artifacts/driver-licence-1280.png' });
      await expectAccessible(page);

      await block.getByRole('button', { name: 'Delete licence file' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Licence File' });
      await confirm.getByText('Are you sure you want to delete licence-front.png? This cannot be undone.').waitFor();
      // Cancel keeps it.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect((await stored())?.fileName).toBe('licence-front.png');
      await block.getByRole('button', { name: 'Delete licence file' }).click();
      await page.getByRole('dialog', { name: 'Delete Licence File' }).getByRole('button', { name: 'Delete' }).click();
      await block.getByText('No licence file uploaded.').waitFor();
      await expect.poll(stored).toBeNull();
      expect(problems).toEqual([]);
    } finally {
      await api('dispatcher', `/drivers/${driver.uuid}/licence`, { method: 'DELETE' });
      await context.close();
    }
  });

  test('a registration request is sent by SMS only once the phone is valid, then by e-mail', async () => {
    const driver = (await api<Driver[]>('dispatcher', '/drivers')).body[1];
    if (!driver) throw new Error('The demo data has drivers.');
    const { page, context, problems } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/drivers/list?activeFrom=any');
    await driverRowsOf(page).first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: `Notify ${driver.firstName} ${driver.lastName}`, exact: true }).click();
    const notify = page.getByRole('dialog', { name: 'Registration Request' });
    await notify
      .getByText(`Ask ${driver.firstName} ${driver.lastName} (driver ${driver.driverNumber})`, { exact: false })
      .waitFor();
    // The slide-in did not open behind it.
    expect(new URL(page.url()).searchParams.get('driver')).toBeNull();
    await notify.getByText('SMS', { exact: true }).click();
    const phone = notify.getByRole('textbox', { name: 'Phone' });
    await phone.fill('087 12');
    await notify.getByText('Enter a valid phone number.').waitFor();
    expect(await notify.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await phone.fill('+353 87 123 4567');
    // A pasted message past its limit is kept whole, never cut by a maxlength, and marked at once in the
    // schema's words; Send sends nothing while it is.
    const message = notify.getByRole('textbox', { name: 'Message' });
    const sent = requestsTo(page, 'POST', /^\/api\/drivers\/send-registration-request$/);
    await pasteTooLong(page, message, { limit: 1000, message: 'Message must be at most 1000 characters.' });
    await expectSaveRefused(page, {
      save: notify.getByRole('button', { name: 'Send' }),
      says: notify.getByText('Nothing was sent: shorten the fields marked as too long first.'),
      sent,
      kept: message,
    });
    await message.fill('Please send us your licence.');
    await page.setViewportSize({ width: 1280, height: 720 });
    await settle(page);
    await page.screenshot({ path: 'e2e/artifacts/driver-registration-request-1280.png' });
    await expectAccessible(page);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/api/drivers/send-registration-request')),
      notify.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ notified: true, method: 'sms', recipient: '+353 87 123 4567' });
    await page.getByText('Driver notified').first().waitFor();
    await notify.waitFor({ state: 'hidden' });

    // By e-mail: a bad address keeps Send off and says why.
    await page.getByRole('button', { name: `Notify ${driver.firstName} ${driver.lastName}`, exact: true }).click();
    await notify.getByText('Email', { exact: true }).click();
    const email = notify.getByRole('textbox', { name: 'Email' });
    await email.fill('not-an-address');
    await notify.getByText('Enter a valid email address.').waitFor();
    expect(await notify.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await email.fill('e2e.registration@example.ie');
    const [byEmail] = await Promise.all([
      page.waitForResponse((answer) => answer.url().endsWith('/api/drivers/send-registration-request')),
      notify.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(await byEmail.json()).toEqual({ notified: true, method: 'email', recipient: 'e2e.registration@example.ie' });
    expect(problems).toEqual([]);
    await context.close();
  });

  test('accounts set a user up as a driver on the Setup tab, with the spec messages first', async () => {
    const customers = (
      await api<UserList>('accounts', '/users', {
        method: 'POST',
        body: { size: 100, skip: 0, searchQuery: 'customer.demo.ie' },
      })
    ).body.users.filter((user) => user.roles.join() === 'CUSTOMER');
    const user = customers.at(-1);
    if (!user) throw new Error('The demo data has customer users.');
    const setup = (await api<DriverSetupData>('accounts', '/drivers/setup-data')).body;
    const room = setup.roomNames[0];
    if (!room) throw new Error('The demo data has dispatch rooms.');
    const taken = new Set(setup.profiles.map((profile) => profile.driverNumber));
    let number = 7000 + (Date.now() % 1000);
    while (taken.has(number)) number += 1;
    const everyone = (await api<UserList>('accounts', '/users', { method: 'POST', body: { size: 10, skip: 0 } })).body;

    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    await page.goto('/drivers/list');
    await page.getByRole('tab', { name: 'Setup' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/drivers/setup');
    const rows = page.locator('tbody tr[data-user-id]');
    // Ten a page (spec 2 §9).
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(Math.min(10, everyone.count));
    await page.getByText(`of ${everyone.count} results`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('1');
    await page.setViewportSize({ width: 1440, height: 900 });
    await settle(page);
    await page.screenshot({ path: 'e2e/artifacts/driver-setup-1440.png' });
    await expectAccessible(page);

    // Two letters wait for a third; the search goes back to the first page.
    const input = page.getByRole('textbox', { name: 'Search Users' });
    await input.fill(user.email.slice(0, 2));
    await page.getByText('Type at least 3 characters to search.').waitFor();
    await input.fill(user.email);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(user.email);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByText('Customer', { exact: true }).waitFor();

    await rows
      .first()
      .getByRole('button', { name: `${user.firstName} ${user.lastName}` })
      .click();
    const editor = page.getByRole('dialog', { name: `Dispatch profile · ${user.firstName} ${user.lastName}` });
    await editor.getByRole('button', { name: 'Save role' }).click();
    await editor.getByText('User Role Not Selected').waitFor();
    await editor.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Driver', exact: true }).click();
    await editor.getByRole('button', { name: 'Save role' }).click();
    for (const message of [
      'Driver vehicle type not selected.',
      'Driver rooms not selected.',
      'Driver number required.',
    ])
      await editor.getByText(message).waitFor();

    await editor.getByRole('combobox', { name: 'Vehicle' }).click();
    await page.getByRole('option', { name: 'Cargo Bike', exact: true }).click();
    await editor.getByRole('combobox', { name: 'Rooms' }).click();
    await page.getByRole('option', { name: room, exact: true }).click();
    await editor.getByRole('textbox', { name: 'Driver number' }).fill(String(number));
    await page.setViewportSize({ width: 1280, height: 720 });
    await settle(page);
    await page.screenshot({ path: 'e2e/artifacts/driver-setup-editor-1280.png' });
    await editor.getByRole('button', { name: 'Save role' }).click();
    await page.getByText('User Role Updated').first().waitFor();
    await editor.waitFor({ state: 'hidden' });

    const created = (await api<Driver[]>('accounts', '/drivers')).body.find((driver) => driver.driverNumber === number);
    expect(created).toMatchObject({ email: user.email, vehicle: 'cargo bike', rooms: [room], userId: user.id });
    // The list shows the new role.
    await rows.first().getByText('Customer, Driver', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  test('the Setup search takes at most the server\'s 100 characters, and a refused search is never "Something went wrong"', async () => {
    const { page, context, problems } = await signedInPage(browser(), 'accounts');
    try {
      await page.goto('/drivers/setup');
      const rows = page.locator('tbody tr[data-user-id]');
      await rows.first().waitFor({ timeout: 20_000 });
      const input = page.getByRole('textbox', { name: 'Search Users' });
      expect(await input.getAttribute('maxlength')).toBe(String(USER_SEARCH_MAX_LENGTH));
      await input.fill('');
      await input.pressSequentially('x'.repeat(USER_SEARCH_MAX_LENGTH + 20));
      expect((await input.inputValue()).length).toBe(USER_SEARCH_MAX_LENGTH);
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('x'.repeat(USER_SEARCH_MAX_LENGTH));
      await page.getByRole('heading', { name: 'No Users' }).waitFor();
      expect(await page.getByText('Something went wrong').count()).toBe(0);

      // A search the server refuses anyway (here sent one character longer than the field allows): its
      // message, and no 'Try again', which would only be refused again.
      await page.route('**/api/users', async (route) => {
        const body = route.request().postDataJSON() as { searchQuery?: string };
        await route.continue({
          postData: JSON.stringify({ ...body, searchQuery: 'y'.repeat(USER_SEARCH_MAX_LENGTH + 1) }),
        });
      });
      await input.fill('another search');
      await page.getByRole('heading', { name: 'Search not accepted' }).waitFor();
      await page.getByText('Must have at most 100 characters.').waitFor();
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('a dispatcher is refused the Setup tab and its calls', async () => {
    const { page, context } = await signedInPage(browser(), 'dispatcher');
    await page.goto('/drivers/setup');
    await page.getByRole('heading', { name: 'No access' }).waitFor();
    const refused = await api('dispatcher', '/drivers/dispatch-user', { method: 'POST', body: { userId: 1 } });
    expect(refused.status).toBe(403);
    await context.close();
  });
});
