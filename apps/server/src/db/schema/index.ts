export * from './auth.ts';
export * from './companies.ts';
export * from './operations.ts';
export * from './catalogue.ts';
