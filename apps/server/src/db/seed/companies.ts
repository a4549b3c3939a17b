import { CREDIT_CONTROL_CODES, SURCHARGE_TIERS, type BillingBasis } from '@courier/domain/companies/billing';
import type { DbOrTx } from '../client.ts';
import { billingContacts, companies, companyExtendedSettings, companySettings } from '../schema/index.ts';
import { FIRST_NAMES, LANDLINE_AREAS, MOBILE_PREFIXES, STREETS, SURNAMES, TOWNS, companyName } from './irish-data.ts';
import type { Random } from './random.ts';

const DAY_MS = 86_400_000;

export function irishPhone(random: Random): string {
  if (random.chance(0.5)) return `+353 ${random.pick(MOBILE_PREFIXES)} ${random.digits(3)} ${random.digits(4)}`;
  const area = random.pick(LANDLINE_AREAS);
  return `+353 ${area} ${random.digits(area.length === 1 ? 3 : 3)} ${random.digits(4)}`;
}

export function personName(random: Random): { firstName: string; lastName: string } {
  return { firstName: random.pick(FIRST_NAMES), lastName: random.pick(SURNAMES) };
}

export function eircode(random: Random, routingKey: string): string {
  const letters = 'ACDEFHKNPRTVWXY';
  let unique = '';
  for (let i = 0; i < 4; i++)
    unique += random.chance(0.5) ? letters[random.int(0, letters.length - 1)] : String(random.int(0, 9));
  return `${routingKey} ${unique}`;
}

function accountCodeFor(name: string, index: number): string {
  const letters = name
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 4)
    .padEnd(4, 'X');
  return `${letters}${String(index).padStart(3, '0')}`;
}

export interface GeneratedCompany {
  company: typeof companies.$inferInsert;
  settings: Omit<typeof companySettings.$inferInsert, 'companyId'>;
  extended: Omit<typeof companyExtendedSettings.$inferInsert, 'companyId'>;
  contacts: Omit<typeof billingContacts.$inferInsert, 'companyId'>[];
}

/**
 * Companies mixing billing bases (account, PAYG, card), active and blocked. Most account customers have
 * complete billing information; some lack parts, so the 'Missing Information' check has real cases.
 */
export function generateCompanies(options: {
  random: Random;
  count: number;
  anchor: Date;
  salesRepIds: number[];
  startIndex?: number;
}): GeneratedCompany[] {
  const { random, anchor } = options;
  const result: GeneratedCompany[] = [];
  for (let i = 0; i < options.count; i++) {
    const index = (options.startIndex ?? 0) + i + 1;
    const name = companyName((items) => random.pick(items));
    const roll = random.next();
    const billingBasis: BillingBasis = roll < 0.55 ? 'account' : roll < 0.9 ? 'stripeCompany' : 'stripe';
    const isAccount = billingBasis === 'account';
    const createdAt = new Date(anchor.getTime() - random.int(30, 5 * 365) * DAY_MS - random.int(0, DAY_MS));
    // Replaced by the company's own latest booking once the bookings are seeded (demo.ts); still drawn
    // here so every later draw, and so the rest of the demo data, stays the same.
    const lastBooking = random.chance(0.9)
      ? new Date(anchor.getTime() - random.int(0, 120) * DAY_MS - random.int(0, DAY_MS))
      : null;
    const town = random.pick(TOWNS);
    const complete = isAccount && random.chance(0.85);
    const contact = personName(random);
    const domain = `${
      name
        .split(' ')[0]
        ?.toLowerCase()
        .normalize('NFD')
        .replace(/[^a-z]/g, '') ?? 'company'
    }${index}.ie`;
    result.push({
      company: {
        name,
        accountCode: isAccount || random.chance(0.3) ? accountCodeFor(name, index) : null,
        quantumAccountCode: isAccount ? `Q${String(10000 + index)}` : null,
        tariffCode: null,
        defaultPlaceId: null,
        billingBasis,
        createdAt,
        lastBooking,
        phone: irishPhone(random),
        accountBillingStarted: isAccount ? new Date(createdAt.getTime() + random.int(0, 200) * DAY_MS) : null,
        pricer: random.pick(['standard', 'standard', 'custom', 'legacy']),
        stripeId: billingBasis === 'account' ? null : `cus_${random.digits(6)}${index}`,
        active: random.chance(0.9),
        billingEmail: `accounts@${domain}`,
      },
      settings: {
        cycloneAllowBooking: random.chance(0.88),
        cycloneAllowTracking: random.chance(0.95),
        referenceRequired: random.chance(0.25),
        cycloneDisplayPrice: random.chance(0.7),
        loyaltyDiscount: random.chance(0.15),
        disableWaitingTime: random.chance(0.1),
        reviewAllBookings: random.chance(0.1),
        salesRepId:
          options.salesRepIds.length > 0 && (complete || random.chance(0.5)) ? random.pick(options.salesRepIds) : null,
        cycloneSurchargeTier: random.pick(SURCHARGE_TIERS),
        adminSurchargeTier: random.pick(SURCHARGE_TIERS),
      },
      extended: {
        isDefault: random.chance(0.6),
        smsUpdates: random.chance(0.4),
        ledgerAccountCode: isAccount ? `L${random.digits(5)}` : null,
        invoiceInterval: random.chance(0.7) ? 'M' : 'W',
        defaultVatCode: random.chance(0.92) ? 'STD' : 'ZER',
        surchargeNameOne: complete ? 'Nationwide Overnight Fuel Surcharge' : null,
        surchargeRateOne: complete ? random.int(3, 12) + 0.5 : null,
        surchargeNameTwo: complete ? 'International Fuel Surcharge' : null,
        surchargeRateTwo: complete ? random.int(5, 18) : null,
        surchargeNameThree: complete ? 'Ground Fuel Surcharge' : null,
        surchargeRateThree: complete ? random.int(2, 9) + 0.25 : null,
        holdMessage: isAccount && random.chance(0.05) ? 'Account on hold: refer to accounts before booking.' : null,
        billingAddressName: isAccount ? name : null,
        billingAddressLineOne: isAccount ? `${random.int(1, 120)} ${random.pick(STREETS)}` : null,
        billingAddressCity: isAccount ? town.city : null,
        billingAddressCounty: isAccount && (complete || random.chance(0.5)) ? town.county : null,
        billingAddressPostcode: isAccount ? eircode(random, town.routingKey) : null,
        singleInvoice: random.chance(0.7),
        creditControlCode: random.pick(CREDIT_CONTROL_CODES),
        vatNumber:
          isAccount && (complete || random.chance(0.5))
            ? `IE${random.digits(7)}${random.pick(['A', 'B', 'H', 'W'])}`
            : null,
      },
      contacts:
        isAccount && (complete || random.chance(0.5))
          ? [
              {
                name: `${contact.firstName} ${contact.lastName}`,
                email: `${contact.firstName
                  .toLowerCase()
                  .normalize('NFD')
                  .replace(/[^a-z]/g, '')}@${domain}`,
                phone: irishPhone(random),
                groundInvoices: true,
                overnightInvoices: random.chance(0.8),
              },
            ]
          : [],
    });
  }
  return result;
}

const CHUNK = 500;

/** Inserts generated companies with their settings and contacts; returns the new ids in order. */
export async function insertCompanies(db: DbOrTx, generated: GeneratedCompany[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < generated.length; start += CHUNK) {
    const chunk = generated.slice(start, start + CHUNK);
    const rows = await db
      .insert(companies)
      .values(chunk.map((g) => g.company))
      .returning({ id: companies.id });
    const chunkIds = rows.map((row) => row.id);
    ids.push(...chunkIds);
    await db.insert(companySettings).values(chunk.map((g, i) => ({ ...g.settings, companyId: chunkIds[i] as number })));
    await db
      .insert(companyExtendedSettings)
      .values(chunk.map((g, i) => ({ ...g.extended, companyId: chunkIds[i] as number })));
    const contacts = chunk.flatMap((g, i) => g.contacts.map((c) => ({ ...c, companyId: chunkIds[i] as number })));
    if (contacts.length > 0) await db.insert(billingContacts).values(contacts);
  }
  return ids;
}
