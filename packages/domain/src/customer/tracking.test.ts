import { describe, expect, it } from 'vitest';
import { trackingEventSchema } from './tracking.ts';
import { JOB_EVENT_STATUSES, jobEventStatusLabel } from './tracking-events.ts';

describe('job event statuses (issue 14 tracking)', () => {
  it('names every status in office words, never the stored code', () => {
    expect(JOB_EVENT_STATUSES.map(jobEventStatusLabel)).toEqual([
      'Booked',
      'Collected',
      'SMS sent',
      'Quote',
      'Confirmed',
      'In progress',
      'Out for delivery',
      'Delivered',
      'Cancelled',
      'Failed',
      'In progress',
    ]);
  });

  it('takes collected and sms_sent as event statuses, and no made-up one', () => {
    const event = {
      id: 1,
      at: '2026-03-02T09:00:00.000Z',
      jobReference: 'B1000001-1',
      bookingReference: 'B1000001',
      statusLabel: 'Collected',
      causedBy: { kind: 'driver', name: 'Driver 101' },
      detail: '',
    };
    expect(trackingEventSchema.safeParse({ ...event, status: 'collected' }).success).toBe(true);
    expect(trackingEventSchema.safeParse({ ...event, status: 'sms_sent' }).success).toBe(true);
    expect(trackingEventSchema.safeParse({ ...event, status: 'lost' }).success).toBe(false);
  });
});
