import type { TariffCode } from '@courier/domain/pricing/schemas';
import { apiGetAs } from './api.ts';

/** The id of a demo tariff code (DOM, INT, ...), looked up as the screens do. */
export async function tariffCodeId(code: string): Promise<number> {
  const codes = await (await apiGetAs('pricing'))<TariffCode[]>('/pricing/tariff-codes');
  const found = codes.find((candidate) => candidate.code === code);
  if (!found) throw new Error(`No tariff code ${code} in the demo data`);
  return found.id;
}

/** A demo company with an account code: its id and the code. */
export async function accountCompany(): Promise<{ id: number; accountCode: string }> {
  const found = await (
    await apiGetAs('manager')
  )<{ id: number; accountCode: string | null }[]>('/company/search?query=e');
  const company = found.find((candidate) => candidate.accountCode);
  if (!company?.accountCode) throw new Error('No demo company with an account code');
  return { id: company.id, accountCode: company.accountCode };
}
