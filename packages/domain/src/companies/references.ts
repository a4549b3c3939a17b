import { z } from 'zod';
import { paramId } from '../common/input.ts';

// Company references (spec 1 §3 'Company reference', §5 'Company reference save').

export const REFERENCE_HEADERS = ['Reference', 'CostCentre', 'CompanyCode', 'Phone', 'Custom'] as const;
export type ReferenceHeader = (typeof REFERENCE_HEADERS)[number];

export const REFERENCE_HEADER_LABELS: Record<ReferenceHeader, string> = {
  Reference: 'Reference',
  CostCentre: 'Cost Centre',
  CompanyCode: 'Company Code',
  Phone: 'Phone',
  Custom: 'Custom',
};

export const REFERENCE_MESSAGES = {
  headerInUse: (header: string) => `The header "${header}" is already in use. Please choose another header.`,
  nameRequired: 'Please enter a name for this reference.',
  headerRequired: 'Please choose a header for this reference.',
  optionRequired: 'Please enter at least one option for this reference.',
} as const;

export interface ReferenceDraft {
  /** Undefined for a new reference. */
  id?: number;
  name: string;
  header: ReferenceHeader | '' | null;
  values: readonly string[];
  /** True when the user chose 'limited options' (the values list is then the allowed options). */
  limitOptions: boolean;
}

/** The field a reference rule is about: its message shows on that input. */
export type ReferenceField = 'name' | 'header' | 'values';

/**
 * The first failing rule of spec 1 §5, in the spec's order, with the field it concerns, or null when
 * the reference may be saved: (1) header not used by another reference (Custom may repeat; a reference
 * keeps its own header), (2) name, (3) header, (4) at least one option when options are limited. A
 * header is named by its label ('Cost Centre'), as office staff see it in the list and the dropdown.
 */
export function referenceProblem(
  draft: ReferenceDraft,
  others: readonly { id: number; header: string }[],
): { field: ReferenceField; message: string } | null {
  const header = draft.header || null;
  if (header && header !== 'Custom' && others.some((other) => other.id !== draft.id && other.header === header)) {
    return { field: 'header', message: REFERENCE_MESSAGES.headerInUse(REFERENCE_HEADER_LABELS[header]) };
  }
  if (!draft.name.trim()) return { field: 'name', message: REFERENCE_MESSAGES.nameRequired };
  if (!header) return { field: 'header', message: REFERENCE_MESSAGES.headerRequired };
  if (draft.limitOptions && cleanOptions(draft.values).length === 0)
    return { field: 'values', message: REFERENCE_MESSAGES.optionRequired };
  return null;
}

/** The message of the first failing rule (referenceProblem), or null when the reference may be saved. */
export function referenceError(
  draft: ReferenceDraft,
  others: readonly { id: number; header: string }[],
): string | null {
  return referenceProblem(draft, others)?.message ?? null;
}

/** Options as saved: trimmed, no blanks, no repeats. */
export function cleanOptions(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}

export const companyReferenceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  header: z.enum(REFERENCE_HEADERS),
  values: z.array(z.string()),
  description: z.string(),
  showConfig: z.boolean(),
  createdAt: z.string(),
});
export type CompanyReference = z.infer<typeof companyReferenceSchema>;

/**
 * POST/PUT body. The spec sends name, header, values; `limitOptions` (optional) tells the server the
 * user limited the options, so rule (4) holds on the server too. Empty name or header reach the
 * ordered rules above rather than a generic schema message.
 */
export const referenceBodySchema = z.object({
  name: z.string().max(100, 'The name can be at most 100 characters.'),
  header: z.union([z.enum(REFERENCE_HEADERS), z.literal('')]).nullable(),
  values: z
    .array(z.string().max(100, 'An option can be at most 100 characters.'))
    .max(200, 'A reference can have at most 200 options.'),
  description: z.string().max(255, 'The description can be at most 255 characters.').optional(),
  showConfig: z.boolean().optional(),
  limitOptions: z.boolean().optional(),
});
export type ReferenceBody = z.infer<typeof referenceBodySchema>;

export const referenceParamsSchema = z.object({
  id: paramId('id'),
  referenceId: paramId('referenceId'),
});
