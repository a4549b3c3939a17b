import { describe, expect, it } from 'vitest';
import { settingsChangeText, settingsFieldLabel, SETTINGS_FIELD_LABELS } from './settings-labels.ts';
import { companyEditSchema, companySettingsSchema, extendedSettingsSchema } from './settings.ts';

describe('settings history words (issue 10: field labels and Yes/No, not keys and true/false)', () => {
  it('has a label for every field the settings can change, and no other', () => {
    expect(Object.keys(SETTINGS_FIELD_LABELS.company).sort()).toEqual(Object.keys(companyEditSchema.shape).sort());
    expect(Object.keys(SETTINGS_FIELD_LABELS.settings).sort()).toEqual(Object.keys(companySettingsSchema.shape).sort());
    expect(Object.keys(SETTINGS_FIELD_LABELS.extendedSettings).sort()).toEqual(
      Object.keys(extendedSettingsSchema.shape).sort(),
    );
  });

  it.each([
    ['extendedSettings.smsUpdates', 'SMS updates'],
    ['company.quantumAccountCode', 'Accounting system (Quantum) account code'],
    ['settings.salesRepId', 'Sales rep'],
    ['extendedSettings.billingAddressCity', 'Billing address city'],
    ['billingContacts', 'Billing contacts'],
    ['extendedSettings.noSuchField', 'extendedSettings.noSuchField'],
    ['toString', 'toString'],
  ])('names %s as %j', (field, label) => {
    expect(settingsFieldLabel(field)).toBe(label);
  });

  it('shows values as words: Yes/No, a dash for nothing, coded values spelt out, contacts by name', () => {
    expect(settingsChangeText('extendedSettings.smsUpdates', true)).toBe('Yes');
    expect(settingsChangeText('company.active', false)).toBe('No');
    expect(settingsChangeText('company.phone', null)).toBe('–');
    expect(settingsChangeText('company.phone', '')).toBe('–');
    expect(settingsChangeText('company.billingBasis', 'stripeCompany')).toBe('PAYG');
    expect(settingsChangeText('company.billingBasis', 'account')).toBe('ACCOUNT');
    expect(settingsChangeText('extendedSettings.invoiceInterval', 'W')).toBe('Weekly');
    expect(settingsChangeText('extendedSettings.discountPercent', 12.5)).toBe('12.5');
    expect(settingsChangeText('company.name', 'Harbour Foods')).toBe('Harbour Foods');
    expect(
      settingsChangeText('billingContacts', [
        { name: 'Aoife Byrne', email: 'aoife@harbour.ie' },
        { name: '', email: 'accounts@harbour.ie' },
      ]),
    ).toBe('Aoife Byrne, accounts@harbour.ie');
    expect(settingsChangeText('billingContacts', [])).toBe('–');
  });

  it.each([
    ['custom', 'Custom'],
    ['standard', 'Standard'],
    ['legacy', 'Legacy'],
    // Typed in by hand before the pricer was a choice: shown as stored.
    ['Aoife', 'Aoife'],
    [null, '–'],
  ])('shows the pricer %j as %j, never its code', (value, words) => {
    expect(settingsChangeText('company.pricer', value)).toBe(words);
  });
});
