import { Badge, Button, Group, List, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import {
  ADMIN_SURCHARGE_TIERS,
  CREDIT_CONTROL_CODES,
  CYCLONE_SURCHARGE_TIERS,
  SURCHARGE_TIERS,
  type BillingBasis,
} from '@courier/domain/companies/billing';
import {
  CHANGE_TO_ACCOUNT_QUESTION,
  MISSING_INFORMATION_TITLE,
  missingAccountInformation,
} from '@courier/domain/companies/billing-basis';
import { pricerChoices } from '@courier/domain/companies/pricer';
import type { z } from 'zod';
import {
  companyEditSchema,
  companySettingsEditSchema,
  extendedSettingsEditSchema,
  type BillingContact,
  type SettingsResponse,
} from '@courier/domain/companies/settings';
import { ClickSearch } from '@/ui/click-search.tsx';
import { CountrySelect } from '@/ui/country-select.tsx';
import { ConfirmDialog, Dialog } from '@/ui/dialog.tsx';
import { ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { toast } from '@/ui/toast.ts';
import { UserSearch } from '@/ui/user-search.tsx';
import { useCompanySettings } from '@/api/company-settings.ts';
import { AutoNumber, AutoSelect, AutoSwitch, AutoText, HeldFieldsScope } from './components/autosave-fields.tsx';
import { BillingContactsEditor } from './components/billing-contacts-editor.tsx';
import { SettingsHistory } from './components/settings-history.tsx';
import { useSettingsAutosave } from './use-settings-autosave.ts';
import { useSettingsLeaveGuard } from './use-settings-leave-guard.tsx';

/** Each section's fields with their domain schemas: the limits and messages the inputs show. */
const FIELDS = {
  company: companyEditSchema.shape,
  settings: companySettingsEditSchema.shape,
  extendedSettings: extendedSettingsEditSchema.shape,
};
type Section = keyof typeof FIELDS;
type Field<S extends Section> = keyof (typeof FIELDS)[S] & string;
const schemaOf = <S extends Section>(section: S, field: Field<S>) =>
  (FIELDS[section] as Record<string, z.ZodType>)[field] as z.ZodType;

const TIER_NAMES: Record<string, string> = {
  TIER_ZERO: 'Tier zero',
  TIER_ONE: 'Tier one',
  TIER_TWO: 'Tier two',
  TIER_THREE: 'Tier three',
};
const tierLabel = (tier: string, table: Record<string, number>) => `${TIER_NAMES[tier] ?? tier} (€${table[tier] ?? 0})`;

const INVOICE_FORMATS: { value: 'legacy' | 'new'; label: string }[] = [
  { value: 'legacy', label: 'Legacy' },
  { value: 'new', label: 'New' },
];

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** Company Settings tab (spec 1 §2): three columns; each change saves by itself (toggles at once, text after 1000 ms). */
export function CompanySettingsTab({ companyId }: { companyId: number }) {
  const settings = useCompanySettings(companyId);
  useEffect(() => {
    if (settings.isError)
      toast({
        title: 'Sorry',
        message: 'There was an error loading the company settings. Please try again later.',
        type: 'error',
      });
  }, [settings.isError]);
  if (settings.isPending) return <LoadingState text="Loading Settings..." />;
  if (settings.isError) return <ErrorState onRetry={() => void settings.refetch()} />;
  return <SettingsForm key={companyId} companyId={companyId} data={settings.data} />;
}

function SettingsForm({ companyId, data }: { companyId: number; data: SettingsResponse }) {
  const autosave = useSettingsAutosave(companyId);
  const { save, errors } = autosave;
  const leaving = useSettingsLeaveGuard(autosave);
  const [pendingBasis, setPendingBasis] = useState<{ kind: 'missing'; missing: string[] } | { kind: 'confirm' } | null>(
    null,
  );
  const [bookingsDialog, setBookingsDialog] = useState(false);

  const saveField =
    <S extends Section>(section: S, field: Field<S>) =>
    (value: unknown) =>
      save({ [section]: { [field]: value } });
  const error = <S extends Section>(section: S, field: Field<S>) => errors[`${section}.${field}`];
  const { company, settings, extendedSettings: ext } = data;

  const text = <S extends Section>(
    section: S,
    field: Field<S>,
    label: string,
    value: string | null,
    options: { multiline?: boolean } = {},
  ) => (
    <AutoText
      key={`${section}.${field}`}
      label={label}
      value={value}
      schema={schemaOf(section, field)}
      onSave={saveField(section, field)}
      error={error(section, field)}
      {...options}
    />
  );
  const number = (field: Field<'extendedSettings'>, label: string, value: number | null) => (
    <AutoNumber
      label={label}
      suffix="%"
      value={value}
      schema={schemaOf('extendedSettings', field)}
      onSave={saveField('extendedSettings', field)}
      error={error('extendedSettings', field)}
    />
  );
  const choice = <T extends string, S extends Section>(
    section: S,
    field: Field<S>,
    label: string,
    value: T,
    choices: { value: T; label: string }[],
  ) => <AutoSelect label={label} value={value} onSave={saveField(section, field)} data={choices} />;
  const toggle = <S extends Section>(section: S, field: Field<S>, label: string, value: boolean) => (
    <AutoSwitch
      key={`${section}.${field}`}
      label={label}
      value={value}
      onSave={saveField(section, field)}
      error={error(section, field)}
    />
  );

  const chooseBasis = (basis: BillingBasis) => {
    if (basis !== 'account') return save({ company: { billingBasis: basis } });
    const missing = missingAccountInformation({
      ...company,
      ...ext,
      billingContactCount: data.billingContacts.length,
      salesRepId: settings.salesRepId,
    });
    setPendingBasis(missing.length > 0 ? { kind: 'missing', missing } : { kind: 'confirm' });
  };

  return (
    <HeldFieldsScope value={leaving.register}>
      <Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Column title="General">
            {text('company', 'name', 'Company name', company.name)}
            {text('company', 'phone', 'Phone', company.phone)}
            {text('company', 'billingEmail', 'Billing email', company.billingEmail)}
            <ClickSearch
              type="PLACE"
              label="Default address"
              value={
                data.defaultPlace
                  ? { id: data.defaultPlace.placeId, name: data.defaultPlace.name, detail: data.defaultPlace.address }
                  : null
              }
              onChange={(item) => save({ company: { defaultPlaceId: item?.id ?? null } })}
            />
            {error('company', 'defaultPlaceId') && (
              <Text size="sm" c="red.9">
                {error('company', 'defaultPlaceId')}
              </Text>
            )}
            {toggle('company', 'active', 'Active', company.active)}
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  Bookings
                </Text>
                <Badge color={settings.cycloneAllowBooking ? 'teal.9' : 'red.9'} variant="filled">
                  {settings.cycloneAllowBooking ? 'Allowed' : 'Blocked'}
                </Badge>
              </div>
              <Button size="xs" variant="default" onClick={() => setBookingsDialog(true)}>
                Change
              </Button>
            </Group>
            {toggle('settings', 'cycloneAllowTracking', 'Allow tracking', settings.cycloneAllowTracking)}
            {toggle('settings', 'referenceRequired', 'Reference required', settings.referenceRequired)}
            {toggle('settings', 'cycloneDisplayPrice', 'Display price to customer', settings.cycloneDisplayPrice)}
            {toggle('settings', 'reviewAllBookings', 'Review all bookings', settings.reviewAllBookings)}
            {toggle('settings', 'disableWaitingTime', 'Disable waiting time', settings.disableWaitingTime)}
            {toggle('extendedSettings', 'isDefault', 'Default settings', ext.isDefault)}
            {toggle('extendedSettings', 'smsUpdates', 'SMS updates', ext.smsUpdates)}
            {toggle('extendedSettings', 'displayDropTime', 'Display drop time', ext.displayDropTime)}
            {toggle('extendedSettings', 'allowAddReference', 'Customer may add references', ext.allowAddReference)}
            {toggle('extendedSettings', 'saturdayBookings', 'Saturday bookings', ext.saturdayBookings)}
            {toggle('extendedSettings', 'sundayBookings', 'Sunday bookings', ext.sundayBookings)}
            {text('extendedSettings', 'internationalCutOff', 'International cut-off', ext.internationalCutOff)}
            {text('extendedSettings', 'specialCutOff', 'Special cut-off', ext.specialCutOff)}
            {text('extendedSettings', 'holdMessage', 'Hold message', ext.holdMessage, { multiline: true })}
            {text('extendedSettings', 'telephonistMessage', 'Telephonist message', ext.telephonistMessage, {
              multiline: true,
            })}
            {text('extendedSettings', 'scratchPad', 'Scratch pad', ext.scratchPad, { multiline: true })}
            {text('extendedSettings', 'scratchPadAdminPanel', 'Internal notes', ext.scratchPadAdminPanel, {
              multiline: true,
            })}
          </Column>

          <Column title="Billing & Pricing">
            <AutoSelect<BillingBasis>
              label="Billing basis"
              value={company.billingBasis}
              error={error('company', 'billingBasis')}
              data={[
                { value: 'stripeCompany', label: 'PAYG' },
                { value: 'account', label: 'ACCOUNT' },
                ...(company.billingBasis === 'stripe'
                  ? [{ value: 'stripe' as const, label: 'CARD (card user)', disabled: true }]
                  : []),
              ]}
              onSave={chooseBasis}
            />
            {text('company', 'accountCode', 'Account code', company.accountCode)}
            {text(
              'company',
              'quantumAccountCode',
              'Accounting system (Quantum) account code',
              company.quantumAccountCode,
            )}
            {text('extendedSettings', 'ledgerAccountCode', 'Ledger account code', ext.ledgerAccountCode)}
            <Select
              label="Pricer"
              placeholder="Not set"
              clearable
              data={pricerChoices(company.pricer)}
              value={company.pricer || null}
              error={error('company', 'pricer')}
              onChange={(value) => value !== (company.pricer || null) && save({ company: { pricer: value } })}
            />
            <Select
              label="Tariff code"
              placeholder="No tariff code"
              clearable
              searchable
              data={data.tariffCodes.map((code) => ({ value: String(code.id), label: `${code.code} · ${code.name}` }))}
              value={company.tariffCode === null ? null : String(company.tariffCode)}
              error={error('company', 'tariffCode')}
              onChange={(value) =>
                (value === null ? null : Number(value)) !== company.tariffCode &&
                save({ company: { tariffCode: value === null ? null : Number(value) } })
              }
            />
            <UserSearch
              label="Sales rep"
              placeholder="Search staff..."
              staffOnly
              selectedName={data.salesRep?.name ?? null}
              onSelect={(user) => save({ settings: { salesRepId: user.id } })}
              onClear={() => save({ settings: { salesRepId: null } })}
            />
            {error('settings', 'salesRepId') && (
              <Text size="sm" c="red.9">
                {error('settings', 'salesRepId')}
              </Text>
            )}
            <ClickSearch
              type="COMPANY"
              label="Parent billing company"
              value={
                data.parentCompany
                  ? {
                      id: String(data.parentCompany.id),
                      name: data.parentCompany.name,
                      detail: data.parentCompany.accountCode,
                    }
                  : null
              }
              onChange={(item) => save({ settings: { parentBillingCompany: item ? Number(item.id) : null } })}
            />
            {error('settings', 'parentBillingCompany') && (
              <Text size="sm" c="red.9">
                {error('settings', 'parentBillingCompany')}
              </Text>
            )}
            {choice(
              'settings',
              'cycloneSurchargeTier',
              'Telephone surcharge tier',
              settings.cycloneSurchargeTier,
              SURCHARGE_TIERS.map((tier) => ({ value: tier, label: tierLabel(tier, CYCLONE_SURCHARGE_TIERS) })),
            )}
            {choice(
              'settings',
              'adminSurchargeTier',
              'Admin surcharge tier',
              settings.adminSurchargeTier,
              SURCHARGE_TIERS.map((tier) => ({ value: tier, label: tierLabel(tier, ADMIN_SURCHARGE_TIERS) })),
            )}
            {toggle('settings', 'loyaltyDiscount', 'Loyalty discount', settings.loyaltyDiscount)}
            <Group grow align="flex-start">
              {number('discountPercent', 'Discount', ext.discountPercent)}
              {number('discountTwoPercent', 'Second discount', ext.discountTwoPercent)}
            </Group>
            {(
              [
                ['One', 'Nationwide overnight surcharge'],
                ['Two', 'International surcharge'],
                ['Three', 'Ground surcharge'],
              ] as const
            ).map(([n, label]) => (
              <Stack gap={6} key={n}>
                {text('extendedSettings', `surchargeName${n}`, `${label} name`, ext[`surchargeName${n}`])}
                {number(`surchargeRate${n}`, `${label} rate`, ext[`surchargeRate${n}`])}
              </Stack>
            ))}
            {toggle('extendedSettings', 'blockGreenSurcharge', 'Block green surcharge', ext.blockGreenSurcharge)}
            {choice('extendedSettings', 'defaultVatCode', 'Default VAT code', ext.defaultVatCode, [
              { value: 'STD', label: 'STD (standard)' },
              { value: 'ZER', label: 'ZER (zero rated)' },
            ])}
            {text('extendedSettings', 'vatNumber', 'VAT number', ext.vatNumber)}
            {choice(
              'extendedSettings',
              'creditControlCode',
              'Credit control code',
              ext.creditControlCode,
              CREDIT_CONTROL_CODES.map((code) => ({
                value: code,
                label: code.charAt(0) + code.slice(1).toLowerCase(),
              })),
            )}
          </Column>

          <Column title="Invoicing">
            {choice('extendedSettings', 'invoiceInterval', 'Invoice interval', ext.invoiceInterval, [
              { value: 'W', label: 'Weekly' },
              { value: 'M', label: 'Monthly' },
            ])}
            {choice('extendedSettings', 'invoiceFormat', 'Invoice format', ext.invoiceFormat, INVOICE_FORMATS)}
            {choice(
              'extendedSettings',
              'onInvoiceFormat',
              'Overnight invoice format',
              ext.onInvoiceFormat,
              INVOICE_FORMATS,
            )}
            {toggle(
              'extendedSettings',
              'singleInvoice',
              'Single invoice (ground and overnight together)',
              ext.singleInvoice,
            )}
            {toggle('extendedSettings', 'invoiceDigitalCopy', 'Digital copy of invoices', ext.invoiceDigitalCopy)}
            {toggle(
              'extendedSettings',
              'invoiceBillingContacts',
              'Send invoices to billing contacts',
              ext.invoiceBillingContacts,
            )}
            {toggle('extendedSettings', 'allowViewInvoices', 'Customer may view invoices', ext.allowViewInvoices)}
            {text('extendedSettings', 'purchaseOrderNumber', 'Purchase order number', ext.purchaseOrderNumber)}
            <Title order={4} size="h6" mt="xs">
              Billing address
            </Title>
            {text('extendedSettings', 'billingAddressName', 'Name', ext.billingAddressName)}
            {text('extendedSettings', 'billingAddressLineOne', 'Line one', ext.billingAddressLineOne)}
            {text('extendedSettings', 'billingAddressLineTwo', 'Line two', ext.billingAddressLineTwo)}
            {text('extendedSettings', 'billingAddressLineThree', 'Line three', ext.billingAddressLineThree)}
            {text('extendedSettings', 'billingAddressCity', 'City', ext.billingAddressCity)}
            {text('extendedSettings', 'billingAddressCounty', 'County', ext.billingAddressCounty)}
            {text('extendedSettings', 'billingAddressPostcode', 'Postcode', ext.billingAddressPostcode)}
            {text('extendedSettings', 'billingAddressRegion', 'Region', ext.billingAddressRegion)}
            <CountrySelect
              label="Country"
              required
              value={ext.billingAddressCountry}
              error={error('extendedSettings', 'billingAddressCountry')}
              onChange={(code) =>
                code &&
                code !== ext.billingAddressCountry &&
                saveField('extendedSettings', 'billingAddressCountry')(code)
              }
            />
            <BillingContactsEditor
              value={data.billingContacts}
              errors={Object.fromEntries(
                Object.entries(errors)
                  .filter(([field]) => field.startsWith('billingContacts'))
                  .map(([field, message]) => [field.replace(/^billingContacts\.?/, ''), message]),
              )}
              onSave={(contacts: BillingContact[]) => save({ billingContacts: contacts })}
            />
          </Column>
        </SimpleGrid>

        <SettingsHistory companyId={companyId} />

        <Dialog
          opened={pendingBasis?.kind === 'missing'}
          onClose={() => setPendingBasis(null)}
          title={MISSING_INFORMATION_TITLE}
          actions={[{ label: 'OK', kind: 'CONFIRM', onClick: () => setPendingBasis(null) }]}
        >
          <Text size="sm" mb="xs">
            The billing basis cannot change to Account until these are filled in:
          </Text>
          <List size="sm">
            {(pendingBasis?.kind === 'missing' ? pendingBasis.missing : []).map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        </Dialog>
        <ConfirmDialog
          opened={pendingBasis?.kind === 'confirm'}
          onCancel={() => setPendingBasis(null)}
          title="Change billing basis"
          confirm={{
            label: 'Change',
            kind: 'CONFIRM',
            onClick: () => {
              setPendingBasis(null);
              save({ company: { billingBasis: 'account' } });
            },
          }}
        >
          {CHANGE_TO_ACCOUNT_QUESTION}
        </ConfirmDialog>
        <ConfirmDialog
          opened={bookingsDialog}
          onCancel={() => setBookingsDialog(false)}
          title="Bookings"
          confirm={{
            label: settings.cycloneAllowBooking ? 'Block Bookings' : 'Allow Bookings',
            kind: settings.cycloneAllowBooking ? 'DESTRUCTIVE' : 'CONFIRM',
            onClick: () => {
              setBookingsDialog(false);
              save({ settings: { cycloneAllowBooking: !settings.cycloneAllowBooking } });
            },
          }}
        >
          {settings.cycloneAllowBooking
            ? 'This company may book now. Block its bookings?'
            : 'This company’s bookings are blocked. Allow them again?'}
        </ConfirmDialog>
        {leaving.question}
      </Stack>
    </HeldFieldsScope>
  );
}
