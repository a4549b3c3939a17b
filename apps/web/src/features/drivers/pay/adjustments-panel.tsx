import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { typedDecimal } from '@courier/domain/common/input-checks';
import { formatEuro } from '@courier/domain/common/money';
import { PAY_PERIOD_STATUS_LABELS } from '@courier/domain/driver-pay/labels';
import { MANUAL_PAY_ADJUSTMENT_TYPES, type ManualPayAdjustmentType } from '@courier/domain/driver-pay/formulas';
import { PAY_ADJUSTMENT_ERRORS, payAdjustmentInputSchema } from '@courier/domain/driver-pay/schemas';
import { SlideIn } from '@/ui/slide-in.tsx';
import { UnsavedChangesScope, useDiscardGuard, useReportUnsaved } from '@/ui/unsaved-changes.tsx';
import { PAY_ADJUSTMENT_TYPE_LABELS } from './pay-labels.ts';
import type { ManualAdjustmentDraft, PayRow } from './pay-rows.ts';

type DraftField = 'type' | 'description' | 'amount';
type FieldErrors = Partial<Record<DraftField, string>>;

const TYPE_OPTIONS = MANUAL_PAY_ADJUSTMENT_TYPES.map((type) => ({
  value: type,
  label: PAY_ADJUSTMENT_TYPE_LABELS[type],
}));

/**
 * Amount text as typed: a number when it is a plain decimal ('12.50'), else NaN ('12,50', letters,
 * '1e3'), which the schema names as not an amount in euro; empty is no amount at all.
 */
const amountOf = (text: string) => (text.trim() === '' ? undefined : (typedDecimal(text) ?? Number.NaN));

/**
 * Spec 2 §5's adjustment checks, each at its field as title and message ('Invalid amount: Amount
 * must be greater than 0'); every failing field at once, so an empty form shows all three.
 */
function problemsOf(draft: { type: string | null; description: string; amount: string }): FieldErrors {
  const result = payAdjustmentInputSchema.safeParse({
    type: draft.type ?? undefined,
    description: draft.description,
    amount: amountOf(draft.amount),
  });
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const field of ['amount', 'type', 'description'] as const) {
    const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
    if (issue) errors[field] = `${PAY_ADJUSTMENT_ERRORS[field].title}: ${issue.message}`;
  }
  return errors;
}

let nextKey = 0;

function AddAdjustmentForm({ onAdd }: { onAdd: (draft: ManualAdjustmentDraft) => void }) {
  const [type, setType] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  useReportUnsaved(type !== null || description.trim() !== '' || amount.trim() !== '');
  const add = () => {
    const problems = problemsOf({ type, description, amount });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    onAdd({
      key: `new-${++nextKey}`,
      type: type as ManualPayAdjustmentType,
      description: description.trim(),
      amount: typedDecimal(amount) ?? Number.NaN,
    });
    setType(null);
    setDescription('');
    setAmount('');
  };
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label="Add adjustment"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <Title order={3} size="h5">
        Add adjustment
      </Title>
      <Group align="flex-start" grow wrap="nowrap">
        <Select
          label="Type"
          placeholder="Select a type"
          data={TYPE_OPTIONS}
          value={type}
          onChange={(value) => {
            setType(value);
            setErrors((current) => ({ ...current, type: undefined }));
          }}
          error={errors.type}
          allowDeselect={false}
        />
        <TextInput
          label="Amount (€)"
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
          error={errors.amount}
        />
      </Group>
      <TextInput
        label="Description"
        value={description}
        onChange={(event) => {
          setDescription(event.currentTarget.value);
          setErrors((current) => ({ ...current, description: undefined }));
        }}
        error={errors.description}
      />
      <Group justify="flex-end">
        <Button type="submit" variant="light">
          Add adjustment
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A driver's adjustments for the week (spec 2 §3 'Adjustment'): the manual ones and those the
 * formulas write (boost, rentals). Manual ones are added and removed only while the period is active
 * or in review (spec 2 §4); the change waits with the page's other changes until Save.
 */
export function AdjustmentsPanel({
  row,
  onClose,
  onChange,
}: {
  row: PayRow | undefined;
  onClose: () => void;
  onChange: (row: PayRow, adjustments: ManualAdjustmentDraft[]) => void;
}) {
  const driver = row?.period.driver;
  // A half-typed adjustment is not in the page's changes yet: closing asks before it is thrown away.
  const guard = useDiscardGuard({ onClose, subject: 'The new adjustment' });
  return (
    <SlideIn
      opened={row !== undefined}
      onClose={guard.requestClose}
      size="md"
      title={
        <Text fw={700}>
          {driver ? `${driver.driverNumber} · ${driver.firstName} ${driver.lastName}: adjustments` : 'Adjustments'}
        </Text>
      }
    >
      {row && (
        <UnsavedChangesScope report={guard.report}>
          <Stack>
            <Text size="sm" c="gray.8">
              {PAY_PERIOD_STATUS_LABELS[row.period.status]}
              {row.editable ? '' : ': this pay period can no longer be changed.'}
            </Text>
            {row.adjustments.length === 0 ? (
              <Text size="sm">No adjustments this week.</Text>
            ) : (
              <Table aria-label="Adjustments" verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    {row.editable && <Table.Th w={40} aria-label="Remove" />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {row.adjustments.map((adjustment) => (
                    <Table.Tr key={adjustment.key}>
                      <Table.Td>{PAY_ADJUSTMENT_TYPE_LABELS[adjustment.type]}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{adjustment.description}</Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {adjustment.isDeduction ? '−' : ''}
                        {formatEuro(adjustment.amount)}
                      </Table.Td>
                      {row.editable && (
                        <Table.Td>
                          {!adjustment.automatic && (
                            <ActionIcon
                              variant="subtle"
                              color="red.9"
                              aria-label={`Remove ${PAY_ADJUSTMENT_TYPE_LABELS[adjustment.type]} ${adjustment.description}`}
                              onClick={() =>
                                onChange(
                                  row,
                                  row.inputs.adjustments.filter((draft) => draft.key !== adjustment.key),
                                )
                              }
                            >
                              ✕
                            </ActionIcon>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {row.editable && (
              <>
                <AddAdjustmentForm onAdd={(draft) => onChange(row, [...row.inputs.adjustments, draft])} />
                <Text size="xs" c="gray.8">
                  Adjustments are saved with the page&apos;s other changes when you press Save.
                </Text>
              </>
            )}
          </Stack>
        </UnsavedChangesScope>
      )}
      {guard.question}
    </SlideIn>
  );
}
