import { describe, expect, it } from 'vitest';
import { formatEuro } from '../common/money.ts';
import { PRICE_ADJUSTMENT_TYPES, DRIVER_EXTRA_ADJUSTMENT_TYPES } from '../bookings/enums.ts';
import { INVOICE_PERIOD_STATUSES } from '../invoicing/enums.ts';
import {
  adjustmentDeleteLock,
  adjustmentDescriptionToStore,
  CHARGE_MINIMUM_MESSAGE,
  COST_MINIMUM_MESSAGE,
  CUSTOMER_CHARGE_LOCKED_MESSAGE,
  customerChargeLock,
  DRIVER_PAY_PAID_MESSAGE,
  DRIVER_PAY_PARTLY_PAID_MESSAGE,
  DRIVER_PAY_STATUSES,
  driverPayFromMarginPercent,
  driverPayLock,
  marginNoteLine,
  NEW_PRICE_ADJUSTMENT_DEFAULTS,
  PRICE_ADJUSTMENT_TYPE_LABELS,
  PRICE_FIELD_LABELS,
  PRICE_HISTORY_FIELDS,
  SELECT_ADJUSTMENT_TYPE_MESSAGE,
  SELECT_JOB_MESSAGE,
  SELECT_TASK_MESSAGE,
  splitEqually,
  taskPayLocked,
  validatePriceAdjustment,
  waitingTimePay,
  waitingTimeTotals,
  WAITING_TIME_FREE_MINUTES,
  WAITING_TIME_RATE_PER_MINUTE,
  type PriceAdjustmentInput,
  priceHistoryFieldLabel,
  priceHistoryValueText,
} from './price-edits.ts';

/** A valid adjustment; each test changes what it is about. */
const adjustment = (values: Partial<PriceAdjustmentInput> = {}): PriceAdjustmentInput => ({
  jobId: 7,
  type: 'REMOTE_AREA',
  taskId: null,
  cost: 0,
  charge: 12.5,
  showToCustomer: false,
  description: '',
  ...values,
});

describe('driver pay from margin percent (spec 2 §9: eligible charge / 100 * percent, 2 decimals)', () => {
  it.each([
    [100, 35, 35],
    ['25.00', 40, 10],
    [123.45, 33.33, 41.15], // 41.146...
    [1.3, 35, 0.46], // 0.455
    [1.15, 50, 0.58], // 0.575: Math.round(1.15 / 100 * 50 * 100) gives 0.57
    [2.01, 50, 1.01], // 1.005
    [10.01, 50, 5.01], // 5.005: the half cent rounds up
    [10.03, 50, 5.02], // 5.015: Math.round(5.015 * 100) gives 5.01
    [0.01, 50, 0.01], // 0.005
    [0.01, 49.99, 0], // 0.004999
  ])('%j at %d%% is %d', (charge, percent, expected) => {
    expect(driverPayFromMarginPercent(charge, percent)).toBe(expected);
  });

  it('is nothing at 0% and the whole charge at 100%', () => {
    expect(driverPayFromMarginPercent(250.99, 0)).toBe(0);
    expect(driverPayFromMarginPercent(250.99, 100)).toBe(250.99);
    expect(driverPayFromMarginPercent('0.01', 100)).toBe(0.01);
  });

  it('is 0 when there is no charge or a negative one', () => {
    expect(driverPayFromMarginPercent(0, 40)).toBe(0);
    expect(driverPayFromMarginPercent(-20, 40)).toBe(0);
  });

  it.each([-0.01, 100.01, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'throws a RangeError for a percent of %d, whatever the charge',
    (percent) => {
      expect(() => driverPayFromMarginPercent(100, percent)).toThrow(RangeError);
      expect(() => driverPayFromMarginPercent(0, percent)).toThrow(RangeError);
    },
  );
});

describe('splitEqually', () => {
  it.each([
    [100, 3, [33.34, 33.33, 33.33]],
    [0.02, 3, [0.01, 0.01, 0]],
    [10, 1, [10]],
    [0, 4, [0, 0, 0, 0]],
    ['35.00', 2, [17.5, 17.5]],
    [0.1, 4, [0.03, 0.03, 0.02, 0.02]],
  ])('%j over %i tasks is %j', (total, parts, expected) => {
    expect(splitEqually(total, parts)).toEqual(expected);
  });

  it('always adds up to the total, with the parts at most a cent apart and the larger ones first', () => {
    const broken: string[] = [];
    for (let totalCents = 0; totalCents <= 500; totalCents++) {
      for (let parts = 1; parts <= 7; parts++) {
        const split = splitEqually(totalCents / 100, parts);
        const shares = split.map((share) => Math.round(share * 100));
        const whole = split.every((share) => Math.round(share * 100) / 100 === share);
        const ordered = shares.every((share, index) => index === 0 || share <= (shares[index - 1] ?? share));
        const fair = Math.max(...shares) - Math.min(...shares) <= 1;
        const sum = shares.reduce((total, share) => total + share, 0);
        if (split.length !== parts || sum !== totalCents || !fair || !ordered || !whole)
          broken.push(`${totalCents / 100} / ${parts} → ${split.join(', ')}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('throws a RangeError for a negative total', () => {
    expect(() => splitEqually(-0.01, 2)).toThrow(RangeError);
    expect(() => splitEqually('-10', 1)).toThrow(RangeError);
  });

  it.each([0, -1, 1.5, Number.NaN])('throws a RangeError for %d parts', (parts) => {
    expect(() => splitEqually(10, parts)).toThrow(RangeError);
  });
});

describe('margin note line (spec 2 §9)', () => {
  it('names the percent, the user and the Dublin time, dd/MM/yy HH:mm', () => {
    expect(marginNoteLine(35, new Date('2026-11-25T10:15:00Z'), 'Aoife Brennan')).toBe(
      'Driver pay set to 35% of the charge by Aoife Brennan on 25/11/26 10:15',
    );
  });

  it('uses Irish summer time and shows at most 2 decimals of the percent', () => {
    expect(marginNoteLine(33.333, new Date('2026-07-01T23:30:00Z'), 'Seán Ó Briain')).toBe(
      'Driver pay set to 33.33% of the charge by Seán Ó Briain on 02/07/26 00:30',
    );
    expect(marginNoteLine(0, new Date('2026-01-05T09:05:00Z'), 'A')).toBe(
      'Driver pay set to 0% of the charge by A on 05/01/26 09:05',
    );
  });

  it('refuses an invalid date', () => {
    expect(() => marginNoteLine(35, new Date('not a date'), 'Aoife Brennan')).toThrow(RangeError);
  });
});

describe('waiting time pay (spec 2 §7)', () => {
  it('has 10 free minutes, then €0.25 a minute', () => {
    expect(WAITING_TIME_FREE_MINUTES).toBe(10);
    expect(WAITING_TIME_RATE_PER_MINUTE).toBe(0.25);
  });

  it.each([
    [0, 0],
    [9, 0],
    [10, 0],
    [11, 0.25],
    [12, 0.5],
    [70, 15],
    [1440, 357.5],
  ])('%i minutes pay %d', (minutes, pay) => {
    expect(waitingTimePay(minutes)).toBe(pay);
  });

  it.each([-1, 1441, 10.5, Number.NaN, Number.POSITIVE_INFINITY])('throws a RangeError for %d minutes', (minutes) => {
    expect(() => waitingTimePay(minutes)).toThrow(RangeError);
  });

  it('pays each task and totals in cents', () => {
    expect(
      waitingTimeTotals([
        { taskId: 3, waitingTime: 11 },
        { taskId: 1, waitingTime: 10 },
        { taskId: 2, waitingTime: 23 },
      ]),
    ).toEqual({
      totalWaitingTimePay: 3.5,
      waitingTimePerTask: [
        { taskId: 3, pay: 0.25, waitingTime: 11 },
        { taskId: 1, pay: 0, waitingTime: 10 },
        { taskId: 2, pay: 3.25, waitingTime: 23 },
      ],
    });
  });

  it('sums many small amounts exactly', () => {
    const rows = Array.from({ length: 7 }, (_, index) => ({ taskId: index, waitingTime: 11 }));
    expect(waitingTimeTotals(rows).totalWaitingTimePay).toBe(1.75);
  });

  it('gives 0 and no rows for no tasks', () => {
    expect(waitingTimeTotals([])).toEqual({ totalWaitingTimePay: 0, waitingTimePerTask: [] });
  });

  it('refuses a row with an impossible waiting time', () => {
    expect(() => waitingTimeTotals([{ taskId: 1, waitingTime: -5 }])).toThrow(RangeError);
  });
});

describe('customer charge lock (spec 2 §4, §5)', () => {
  it.each([
    ['ACTIVE', null],
    ['IN_REVIEW', null],
    ['FINALISED', CUSTOMER_CHARGE_LOCKED_MESSAGE],
    ['INVOICED', CUSTOMER_CHARGE_LOCKED_MESSAGE],
    [null, null],
  ] as const)('invoice status %s gives %s', (status, expected) => {
    expect(customerChargeLock(status)).toBe(expected);
  });

  it('covers every invoice period status', () => {
    const locking = INVOICE_PERIOD_STATUSES.filter((status) => customerChargeLock(status) !== null);
    expect(locking).toEqual(['FINALISED', 'INVOICED']);
  });

  it('has the spec text', () => {
    expect(CUSTOMER_CHARGE_LOCKED_MESSAGE).toBe(
      'This job has been invoiced and the customer charge can no longer be edited. You can use the price adjustments to add an additional charge on the customers next invoice.',
    );
  });
});

describe('driver pay lock (spec 2 §4, §5)', () => {
  it('locks a task pending payment or paid', () => {
    expect(DRIVER_PAY_STATUSES.filter(taskPayLocked)).toEqual(['PENDING_PAYMENT', 'PAID']);
  });

  it.each([
    [[], null],
    [['ACTIVE'], null],
    [['ACTIVE', 'ACTIVE'], null],
    [['PAID'], DRIVER_PAY_PAID_MESSAGE],
    [['PENDING_PAYMENT'], DRIVER_PAY_PAID_MESSAGE],
    [['PAID', 'PENDING_PAYMENT'], DRIVER_PAY_PAID_MESSAGE],
    [['PAID', 'ACTIVE'], DRIVER_PAY_PARTLY_PAID_MESSAGE],
    [['ACTIVE', 'PENDING_PAYMENT'], DRIVER_PAY_PARTLY_PAID_MESSAGE],
    [['ACTIVE', 'PAID', 'PENDING_PAYMENT'], DRIVER_PAY_PARTLY_PAID_MESSAGE],
  ] as const)('tasks %j give %s', (statuses, expected) => {
    expect(driverPayLock(statuses)).toBe(expected);
  });

  it('has the spec texts', () => {
    expect(DRIVER_PAY_PAID_MESSAGE).toBe('This job has been paid and the driver pay can no longer be edited');
    expect(DRIVER_PAY_PARTLY_PAID_MESSAGE).toBe(
      'This job has been partially paid. You can edit the unpaid portion on the pay details popup.',
    );
  });
});

describe('price adjustment delete lock (spec 2 §4)', () => {
  it.each([
    [5, 5, 'FINALISED', 'This price adjustment is on an invoice that has been finalised and can no longer be deleted.'],
    [
      5,
      5,
      'INVOICED',
      'This price adjustment is on an invoice that has been sent to the customer and can no longer be deleted.',
    ],
    [5, 5, 'IN_REVIEW', null],
    [5, 5, 'ACTIVE', null],
    [5, 5, null, null],
    [4, 5, 'FINALISED', null], // on an earlier invoice than the job's: can go
    [4, 5, 'INVOICED', null],
    [5, null, 'INVOICED', null],
    [null, 5, 'INVOICED', null],
    [null, null, 'INVOICED', null], // on no invoice at all
  ] as const)(
    'adjustment period %j, job period %j, invoice %s gives %s',
    (adjustmentPeriodId, jobPeriodId, invoiceStatus, expected) => {
      expect(adjustmentDeleteLock({ adjustmentPeriodId, jobPeriodId, invoiceStatus })).toBe(expected);
    },
  );
});

describe('price adjustment validation (spec 2 §5)', () => {
  it('accepts a complete adjustment, with cost and charge exactly 0', () => {
    expect(validatePriceAdjustment(adjustment())).toEqual([]);
    expect(validatePriceAdjustment(adjustment({ cost: 0, charge: 0 }))).toEqual([]);
  });

  it.each([null, undefined])('asks for a job when it is %s', (jobId) => {
    expect(validatePriceAdjustment(adjustment({ jobId }))).toEqual([{ field: 'jobId', message: SELECT_JOB_MESSAGE }]);
  });

  it.each([null, undefined, '', 'NOT_A_TYPE'])('asks for a type when it is %j', (type) => {
    expect(validatePriceAdjustment(adjustment({ type }))).toEqual([
      { field: 'type', message: SELECT_ADJUSTMENT_TYPE_MESSAGE },
    ]);
  });

  it.each(DRIVER_EXTRA_ADJUSTMENT_TYPES)('asks for a task for the driver-extra type %s', (type) => {
    expect(validatePriceAdjustment(adjustment({ type, taskId: null }))).toEqual([
      { field: 'taskId', message: SELECT_TASK_MESSAGE },
    ]);
    expect(validatePriceAdjustment(adjustment({ type, taskId: undefined }))).toEqual([
      { field: 'taskId', message: SELECT_TASK_MESSAGE },
    ]);
    expect(validatePriceAdjustment(adjustment({ type, taskId: 31 }))).toEqual([]);
  });

  it('needs no task for the other ten types', () => {
    const others = PRICE_ADJUSTMENT_TYPES.filter((type) => !DRIVER_EXTRA_ADJUSTMENT_TYPES.includes(type));
    expect(others).toHaveLength(10);
    for (const type of others) expect(validatePriceAdjustment(adjustment({ type, taskId: null }))).toEqual([]);
  });

  it.each([-0.01, -5, Number.NaN, Number.POSITIVE_INFINITY])('refuses a cost or charge of %d', (amount) => {
    expect(validatePriceAdjustment(adjustment({ cost: amount }))).toEqual([
      { field: 'cost', message: COST_MINIMUM_MESSAGE },
    ]);
    expect(validatePriceAdjustment(adjustment({ charge: amount }))).toEqual([
      { field: 'charge', message: CHARGE_MINIMUM_MESSAGE },
    ]);
  });

  it('lists every problem in the form order', () => {
    expect(validatePriceAdjustment(adjustment({ jobId: null, type: null, cost: -1, charge: -1 }))).toEqual([
      { field: 'jobId', message: 'Please select a job' },
      { field: 'type', message: 'Please select an adjustment type' },
      { field: 'cost', message: 'Cost must be 0 or more.' },
      { field: 'charge', message: 'Charge must be 0 or more.' },
    ]);
    expect(validatePriceAdjustment(adjustment({ jobId: null, type: 'TOLL', taskId: null }))).toEqual([
      { field: 'jobId', message: 'Please select a job' },
      { field: 'taskId', message: 'Please select a task' },
    ]);
  });

  it('keeps the description only when it is shown to the customer', () => {
    expect(adjustmentDescriptionToStore({ showToCustomer: true, description: 'Ferry to Inis Mór' })).toBe(
      'Ferry to Inis Mór',
    );
    expect(adjustmentDescriptionToStore({ showToCustomer: false, description: 'Ferry to Inis Mór' })).toBe('');
    expect(adjustmentDescriptionToStore({ showToCustomer: false, description: '' })).toBe('');
  });

  it('starts a new adjustment at cost 0, charge 0, surcharge and display off', () => {
    expect(NEW_PRICE_ADJUSTMENT_DEFAULTS).toEqual({ cost: 0, charge: 0, applySurcharge: false, showToCustomer: false });
  });

  it('has a label in words for every type', () => {
    expect(Object.keys(PRICE_ADJUSTMENT_TYPE_LABELS)).toEqual([...PRICE_ADJUSTMENT_TYPES]);
    expect(PRICE_ADJUSTMENT_TYPE_LABELS.ELEVATED_RISK).toBe('Elevated risk');
    expect(PRICE_ADJUSTMENT_TYPE_LABELS.CUSTOMER_ADDON).toBe('Customer add-on');
  });
});

describe('price history fields', () => {
  it('labels every field in words, in order', () => {
    expect(PRICE_HISTORY_FIELDS.map((field) => PRICE_FIELD_LABELS[field])).toEqual([
      'Customer charge',
      'Driver pay',
      'Carrier price',
      'Carrier customs',
      'Carrier insurance',
      'Extras charge',
      'Weight',
      'Package count',
      'Tariff',
      'Account',
      'Task driver pay',
      'Task driver extras',
      'Price adjustment',
    ]);
  });
});

describe('price history in words', () => {
  it('names fields in words and leaves an unknown one as it is', () => {
    expect(priceHistoryFieldLabel('customerCharge')).toBe('Customer charge');
    expect(priceHistoryFieldLabel('driverExtras')).toBe('Task driver extras');
    expect(priceHistoryFieldLabel('adjustment')).toBe('Price adjustment');
    expect(priceHistoryFieldLabel('somethingNew')).toBe('somethingNew');
  });

  it('shows amounts as euro, weight in kg, a tariff and an account by number, and nothing as none', () => {
    expect(priceHistoryValueText('customerCharge', '1234.50')).toBe(formatEuro(1234.5));
    expect(priceHistoryValueText('driverPay', '0.00')).toBe(formatEuro(0));
    expect(priceHistoryValueText('weight', '12.40')).toBe('12.40 kg');
    expect(priceHistoryValueText('tariffId', '7')).toBe('tariff 7');
    expect(priceHistoryValueText('companyId', '21')).toBe('company 21');
    expect(priceHistoryValueText('numberOfPackages', '3')).toBe('3');
    expect(priceHistoryValueText('tariffId', null)).toBe('none');
  });
});
