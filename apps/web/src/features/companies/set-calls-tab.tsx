import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SET_CALL_MESSAGES, type PopulatedSetCall, type SetCallEdit } from '@courier/domain/companies/set-calls';
import { ApiRequestError } from '@/api/client.ts';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { ConfirmDialog } from '@/ui/dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { toast } from '@/ui/toast.ts';
import { toSetCallEdit, useCreateSetCall, useSetCalls, useUpdateSetCall } from '@/api/set-calls.ts';
import { SetCallAddressEditor } from './set-calls/address-editor.tsx';
import { SetCallDetailsEditor } from './set-calls/details-editor.tsx';
import { SetCallCard } from './set-calls/set-call-card.tsx';

/** Company Set Calls tab (spec 1 §2): the company's set calls, each editable; add asks first. */
export function CompanySetCallsTab({ companyId }: { companyId: number }) {
  const setCalls = useSetCalls(companyId);
  const create = useCreateSetCall(companyId);
  const update = useUpdateSetCall(companyId);
  const [confirmAdd, setConfirmAdd] = useState(false);
  const [editingDetails, setEditingDetails] = useState<number | null>(null);
  const [editingAddresses, setEditingAddresses] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<ApiRequestError | null>(null);

  const find = (id: number | null) => setCalls.data?.populatedSetCalls.find((setCall) => setCall.id === id) ?? null;

  /** `marksFields`: the details editor is open and marks each field the server names. */
  const save = (
    setCall: SetCallEdit,
    { after, marksFields = false }: { after?: () => void; marksFields?: boolean } = {},
  ) => {
    setRefusal(null);
    update.mutate(setCall, {
      onSuccess: () => {
        toast({ title: 'Success', message: SET_CALL_MESSAGES.updated(setCall.id), type: 'success' });
        after?.();
      },
      // A refused save (4xx) says why; only a real failure (network, 5xx) says 'try again'.
      onError: (error) => {
        if (!(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500) {
          toast({ title: 'Sorry', message: SET_CALL_MESSAGES.updateFailed(setCall.id), type: 'error' });
          return;
        }
        setRefusal(error);
        const firstDetail = error.body?.details?.[0]?.message;
        toast({
          title: NOT_SAVED_TOAST.title,
          message: marksFields ? error.formMessage : (firstDetail ?? error.message),
          type: 'warn',
        });
      },
    });
  };
  const patch = (setCall: PopulatedSetCall, change: Partial<SetCallEdit>, after?: () => void) =>
    save({ ...toSetCallEdit(setCall), ...change }, { after });

  if (setCalls.isPending) return <LoadingState text="Loading Set Calls..." />;
  if (setCalls.isError) return <ErrorState onRetry={() => void setCalls.refetch()} />;

  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600}>Set Calls</Text>
        <Button onClick={() => setConfirmAdd(true)}>Add Set Call</Button>
      </Group>
      {setCalls.data.populatedSetCalls.length === 0 ? (
        <EmptyState title="No Set Calls" />
      ) : (
        setCalls.data.populatedSetCalls.map((setCall) => (
          <SetCallCard
            key={setCall.id}
            setCall={setCall}
            saving={update.isPending && update.variables?.id === setCall.id}
            onEditAddresses={() => setEditingAddresses(setCall.id)}
            onEditDetails={() => {
              setRefusal(null);
              setEditingDetails(setCall.id);
            }}
            onSave={(change) => patch(setCall, change)}
          />
        ))
      )}

      <ConfirmDialog
        opened={confirmAdd}
        onCancel={() => setConfirmAdd(false)}
        title="Add Set Call"
        confirm={{
          label: 'Add',
          kind: 'CONFIRM',
          loading: create.isPending,
          onClick: () =>
            create.mutate(undefined, {
              onSuccess: ({ newSetCallId }) => {
                setConfirmAdd(false);
                // The list already holds the new set call (the answer replaced it); scroll once it is drawn.
                requestAnimationFrame(() =>
                  document
                    .getElementById(`set-call-${newSetCallId}`)
                    ?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
                );
                setEditingDetails(newSetCallId);
              },
              onError: () => {
                setConfirmAdd(false);
                toast({ title: 'Sorry', message: SET_CALL_MESSAGES.createFailed, type: 'error' });
              },
            }),
        }}
      >
        Add a new set call to this company? It starts inactive; fill in its details, addresses and schedule, then make
        it active.
      </ConfirmDialog>

      <SetCallDetailsEditor
        setCall={find(editingDetails)}
        saving={update.isPending}
        refusal={refusal}
        onClose={() => setEditingDetails(null)}
        onSave={(setCall) => save(setCall, { after: () => setEditingDetails(null), marksFields: true })}
      />
      <SetCallAddressEditor
        setCall={find(editingAddresses)}
        saving={update.isPending}
        onClose={() => setEditingAddresses(null)}
        onSave={(places) => {
          const setCall = find(editingAddresses);
          if (setCall) patch(setCall, places, () => setEditingAddresses(null));
        }}
      />
    </Stack>
  );
}
