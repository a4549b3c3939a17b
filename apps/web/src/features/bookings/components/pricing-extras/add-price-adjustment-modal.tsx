import { Button, Group, Modal, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  DRIVER_EXTRA_ADJUSTMENT_TYPES,
  PRICE_ADJUSTMENT_TYPES,
  STOP_TYPE_LABELS,
  type PriceAdjustmentType,
} from '@courier/domain/bookings/enums';
import { createPriceAdjustmentBodySchema } from '@courier/domain/pricing/price-adjustment-schemas';
import {
  NEW_PRICE_ADJUSTMENT_DEFAULTS,
  PRICE_ADJUSTMENT_TYPE_LABELS,
  validatePriceAdjustment,
  type PriceAdjustmentProblem,
} from '@courier/domain/pricing/price-edits';
import { readTypedEuro } from '@courier/domain/pricing/schemas';
import { ApiRequestError } from '@/api/client.ts';
import { useCreatePriceAdjustment, useJobTasks } from '@/api/pricing-extras.ts';
import { useGuardedEditor } from '@/ui/discard-changes-dialog.tsx';
import { EuroInput } from '@/ui/euro-input.tsx';
import { hintWithCount, textLimitOf } from '@/ui/text-limit.ts';
import { clearToasts, toast } from '@/ui/toast.ts';

type FormField = PriceAdjustmentProblem['field'] | 'internalDescription';
type FieldErrors = Partial<Record<FormField, string>>;
/** The fields a 400 may name, in the form's order. */
const FORM_FIELDS: readonly FormField[] = [
  'jobId',
  'type',
  'taskId',
  'cost',
  'charge',
  'description',
  'internalDescription',
];

const TYPE_OPTIONS = PRICE_ADJUSTMENT_TYPES.map((type) => ({ value: type, label: PRICE_ADJUSTMENT_TYPE_LABELS[type] }));
const isAdjustmentType = (value: string | null): value is PriceAdjustmentType =>
  (PRICE_ADJUSTMENT_TYPES as readonly (string | null)[]).includes(value);

const ERROR_TITLE = 'Error Creating Price Adjustment';

type DescriptionField = 'description' | 'internalDescription';
/**
 * A description's limit, from the server's schema: a long paste is kept whole, counted and marked at
 * once, never cut by a maxlength; Create sends nothing while one is past it.
 */
const limitOf = (field: DescriptionField, text: string) =>
  textLimitOf(createPriceAdjustmentBodySchema.shape[field], text, { multiline: true });

/**
 * The Add Pricing Adjustment modal of spec 2 §2 (issue 11): job, type, task (for the driver-extra
 * types), cost, charge, Display to Customer with its description, Apply surcharge and an internal
 * description. Checked by the domain rule before it is sent (spec 2 §5); a 400 marks the fields the
 * server names.
 */
export function AddPriceAdjustmentModal({
  opened,
  onClose,
  jobs,
  jobId,
}: {
  opened: boolean;
  onClose: () => void;
  /** The booking's jobs; the adjustment may go on any of them. */
  jobs: readonly { id: number; reference: string }[];
  /** The job the modal opens on. */
  jobId: number;
}) {
  // What is typed is not thrown away by Escape, ✕ or Cancel without a question.
  const { requestClose, closeNow, question, reportUnsaved } = useGuardedEditor({
    close: onClose,
    subject: 'The price adjustment has not been created.',
  });
  return (
    <>
      <Modal opened={opened} onClose={requestClose} centered title={<Text fw={600}>Add Pricing Adjustment</Text>}>
        {/* Mounted afresh on each opening, so every opening starts from the defaults of spec 2 §5. */}
        {opened && (
          <AdjustmentForm
            jobs={jobs}
            initialJobId={jobId}
            onCancel={requestClose}
            onCreated={closeNow}
            onEditedChange={reportUnsaved}
          />
        )}
      </Modal>
      {question}
    </>
  );
}

function AdjustmentForm({
  jobs,
  initialJobId,
  onCancel,
  onCreated,
  onEditedChange,
}: {
  jobs: readonly { id: number; reference: string }[];
  initialJobId: number;
  onCancel: () => void;
  onCreated: () => void;
  /** Told whether anything differs from the form's defaults. */
  onEditedChange: (edited: boolean) => void;
}) {
  const [jobId, setJobId] = useState<number | null>(initialJobId);
  const [type, setType] = useState<PriceAdjustmentType | null>(null);
  const [taskId, setTaskId] = useState<number | null>(null);
  const [cost, setCost] = useState<number | string>(NEW_PRICE_ADJUSTMENT_DEFAULTS.cost);
  const [charge, setCharge] = useState<number | string>(NEW_PRICE_ADJUSTMENT_DEFAULTS.charge);
  const [showToCustomer, setShowToCustomer] = useState<boolean>(NEW_PRICE_ADJUSTMENT_DEFAULTS.showToCustomer);
  const [applySurcharge, setApplySurcharge] = useState<boolean>(NEW_PRICE_ADJUSTMENT_DEFAULTS.applySurcharge);
  const [description, setDescription] = useState('');
  const [internalDescription, setInternalDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePriceAdjustment();
  const edited =
    jobId !== initialJobId ||
    type !== null ||
    taskId !== null ||
    cost !== NEW_PRICE_ADJUSTMENT_DEFAULTS.cost ||
    charge !== NEW_PRICE_ADJUSTMENT_DEFAULTS.charge ||
    showToCustomer !== NEW_PRICE_ADJUSTMENT_DEFAULTS.showToCustomer ||
    applySurcharge !== NEW_PRICE_ADJUSTMENT_DEFAULTS.applySurcharge ||
    description.trim() !== '' ||
    internalDescription.trim() !== '';
  useEffect(() => onEditedChange(edited), [edited, onEditedChange]);

  const jobReference = jobs.find((job) => job.id === jobId)?.reference ?? null;
  const needsTask = type !== null && DRIVER_EXTRA_ADJUSTMENT_TYPES.includes(type);
  const tasks = useJobTasks(needsTask ? jobReference : null);
  const limits: Record<DescriptionField, ReturnType<typeof textLimitOf>> = {
    // The customer's description is sent only while Display to Customer is on; hidden, it has no limit to pass.
    description: showToCustomer ? limitOf('description', description) : {},
    internalDescription: limitOf('internalDescription', internalDescription),
  };
  const clearError = (field: FormField) =>
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));

  // One error toast at a time: each attempt's replaces the one before, whose problems may be put right.
  const showError = (message: string) =>
    toast({ type: 'error', title: ERROR_TITLE, message, duration: 'NORMAL', replace: true });
  const showProblems = (fieldErrors: FieldErrors, messages: string[]) => {
    setErrors(fieldErrors);
    // One a line: the spec's texts ('Please select a task') have no full stop to part them from the
    // next. Each once: two fields refused alike (a NUL in both) are marked at each field already.
    showError([...new Set(messages)].join('\n'));
  };
  // Closed, the form takes its error toast with it: the fields it speaks of are gone.
  useEffect(() => () => clearToasts({ type: 'error', title: ERROR_TITLE }), []);

  const submit = () => {
    // An amount is read as the API reads it: '-5' or '2.345' is refused at its field, in its words.
    const typedCost = readTypedEuro(cost, 'Cost');
    const typedCharge = readTypedEuro(charge, 'Charge');
    const input = {
      jobId,
      type,
      taskId: needsTask ? taskId : null,
      cost: typedCost.ok ? typedCost.amount : Number.NaN,
      charge: typedCharge.ok ? typedCharge.amount : Number.NaN,
      showToCustomer,
      description: showToCustomer ? description.trim() : '',
    };
    const tooLong = (['description', 'internalDescription'] as const).flatMap((field) => {
      const message = limits[field].overLimit;
      return message === undefined ? [] : [{ field, message }];
    });
    const problems: { field: FormField; message: string }[] = [
      ...validatePriceAdjustment(input).map((problem) =>
        problem.field === 'cost' && !typedCost.ok
          ? { ...problem, message: typedCost.message }
          : problem.field === 'charge' && !typedCharge.ok
            ? { ...problem, message: typedCharge.message }
            : problem,
      ),
      // Text past its limit is kept and marked, never cut: nothing is sent until it is shortened.
      ...tooLong,
    ];
    if (problems.length > 0) {
      showProblems(
        Object.fromEntries(problems.map((problem) => [problem.field, problem.message])),
        problems.map((problem) => problem.message),
      );
      return;
    }
    // validatePriceAdjustment has refused both nulls; this only tells the compiler.
    if (input.jobId === null || input.type === null) return;
    create.mutate(
      {
        ...input,
        jobId: input.jobId,
        type: input.type,
        internalDescription: internalDescription.trim(),
        applySurcharge,
      },
      {
        onSuccess: () => {
          clearToasts({ type: 'error', title: ERROR_TITLE });
          toast({ type: 'success', title: 'Price Adjustment Created', message: 'Price adjustment has been created.' });
          onCreated();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status === 400) {
            // The server's 400 names the fields (details 'body.type' ...) with the messages to show.
            const named = Object.fromEntries(
              FORM_FIELDS.flatMap((field) => {
                const message = error.fieldMessage(field);
                return message === undefined ? [] : [[field, message]];
              }),
            ) as FieldErrors;
            const messages = Object.values(named).filter((message): message is string => message !== undefined);
            showProblems(named, messages.length > 0 ? messages : [error.message]);
            return;
          }
          showError('There was an error creating the price adjustment.');
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Select
          label="Job"
          withAsterisk
          data={jobs.map((job) => ({ value: String(job.id), label: job.reference }))}
          value={jobId === null ? null : String(jobId)}
          onChange={(value) => {
            setJobId(value === null ? null : Number(value));
            setTaskId(null);
            clearError('jobId');
          }}
          error={errors.jobId}
        />
        <Select
          label="Type"
          withAsterisk
          placeholder="Select an adjustment type"
          data={TYPE_OPTIONS}
          value={type}
          onChange={(value) => {
            setType(isAdjustmentType(value) ? value : null);
            clearError('type');
            clearError('taskId');
          }}
          searchable
          error={errors.type}
        />
        {needsTask && (
          <Select
            label="Task"
            withAsterisk
            placeholder={tasks.isPending ? 'Loading tasks...' : 'Select a task'}
            data={(tasks.data ?? []).map((task) => ({
              value: String(task.id),
              label: `${STOP_TYPE_LABELS[task.type]} ${task.reference}`,
            }))}
            value={taskId === null ? null : String(taskId)}
            onChange={(value) => {
              setTaskId(value === null ? null : Number(value));
              clearError('taskId');
            }}
            disabled={tasks.isPending}
            error={errors.taskId ?? (tasks.isError ? "The job's tasks could not be loaded." : undefined)}
          />
        )}
        <Group grow align="flex-start">
          <EuroInput
            label="Cost"
            value={cost}
            onChange={(value) => {
              setCost(value);
              clearError('cost');
            }}
            error={errors.cost}
          />
          <EuroInput
            label="Charge"
            value={charge}
            onChange={(value) => {
              setCharge(value);
              clearError('charge');
            }}
            error={errors.charge}
          />
        </Group>
        <Switch
          label="Display to Customer"
          checked={showToCustomer}
          onChange={(event) => {
            setShowToCustomer(event.currentTarget.checked);
            clearError('description');
          }}
        />
        {showToCustomer && (
          <Textarea
            label="Description"
            description={hintWithCount('Shown to the customer on the invoice', limits.description.count)}
            autosize
            minRows={2}
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              clearError('description');
            }}
            error={limits.description.overLimit ?? errors.description}
          />
        )}
        <Switch
          label="Apply surcharge"
          checked={applySurcharge}
          onChange={(event) => setApplySurcharge(event.currentTarget.checked)}
        />
        <Textarea
          label="Internal description"
          description={hintWithCount('Seen by staff only', limits.internalDescription.count)}
          autosize
          minRows={2}
          value={internalDescription}
          onChange={(event) => {
            setInternalDescription(event.currentTarget.value);
            clearError('internalDescription');
          }}
          error={limits.internalDescription.overLimit ?? errors.internalDescription}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Adjustment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
