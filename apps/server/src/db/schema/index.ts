export * from './auth.ts';
export * from './companies.ts';
export * from './company-records.ts';
export * from './operations.ts';
export * from './catalogue.ts';
export * from './pricing.ts';
export * from './jobs.ts';
export * from './bookings.ts';
