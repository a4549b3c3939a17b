import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import type { CompanyUser } from '@courier/domain/users/schemas';
import { DateText } from '@/ui/format.tsx';
import { LabelledValue } from '@/ui/labelled-value.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { toast } from '@/ui/toast.ts';
import { UserSearch } from '@/ui/user-search.tsx';
import { ApiRequestError } from '@/api/client.ts';
import { NOT_SAVED_TOAST } from '@/api/error-messages.ts';
import { useCompanyUsers, useSetCompanyUser } from '@/api/users.ts';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <LabelledValue label={label} wrapAnywhere>
      {children ?? '–'}
    </LabelledValue>
  );
}

/** Company Users tab (spec 1 §2): Admins and Staff, Make Staff / Make Admin, add a user, a details panel. */
export function CompanyUsersTab({ companyId }: { companyId: number }) {
  const users = useCompanyUsers(companyId);
  const setUser = useSetCompanyUser(companyId);
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<CompanyUser | null>(null);
  /** The server's reason for refusing the user last chosen to add (a 400), shown on the search. */
  const [addRefused, setAddRefused] = useState<string | undefined>();

  if (users.isPending) return <LoadingState text="Loading Users..." />;
  if (users.isError) return <ErrorState onRetry={() => void users.refetch()} />;

  // A refused change (400) says 'Not saved' with the server's reason; only a real failure says 'try again'.
  const change = (userId: number, asAdmin: boolean, name: string, after?: { onAdded: () => void }) => {
    setAddRefused(undefined);
    setUser.mutate(
      { userId, asAdmin },
      {
        onSuccess: () => {
          after?.onAdded();
          toast({
            title: 'Success',
            message: `${name} is now ${asAdmin ? 'an admin' : 'staff'} of this company.`,
            type: 'success',
          });
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'VALIDATION') {
            const reason = error.fieldMessage('userId') ?? error.fieldMessage('asAdmin') ?? error.message;
            if (after) setAddRefused(reason);
            toast({ ...NOT_SAVED_TOAST, ...(after ? {} : { message: reason }), type: 'warn' });
          } else toast({ title: 'Sorry', message: 'Something went wrong. Please try again.', type: 'error' });
        },
      },
    );
  };

  const list = (title: string, rows: CompanyUser[], asAdmin: boolean) => (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <EmptyState title={`No ${title}`} />
      ) : (
        <Stack gap={4}>
          {rows.map((user) => (
            <Group
              key={user.id}
              justify="space-between"
              wrap="nowrap"
              py={4}
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <UnstyledButton
                onClick={() => setSelected(user)}
                style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              >
                <Text size="sm" fw={500}>
                  {user.firstName} {user.lastName}
                </Text>
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
              </UnstyledButton>
              <Button
                size="xs"
                variant="default"
                loading={setUser.isPending && setUser.variables?.userId === user.id}
                onClick={() => change(user.id, !asAdmin, `${user.firstName} ${user.lastName}`)}
              >
                {asAdmin ? 'Make Staff' : 'Make Admin'}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600}>Users</Text>
        <ActionIcon size="lg" aria-label="Add User" onClick={() => setAdding((open) => !open)}>
          +
        </ActionIcon>
      </Group>
      {adding && (
        <Paper withBorder p="md">
          <UserSearch
            label="Find a user to add"
            autoFocus
            error={addRefused}
            onSelect={(user) => {
              // Adding a member would change their role (the call sets it): a member is left as they are.
              const member = users.data.admins.some((admin) => admin.id === user.id)
                ? 'an admin'
                : users.data.staff.some((staff) => staff.id === user.id)
                  ? 'staff'
                  : undefined;
              if (member) setAddRefused(`${user.name} is already ${member} of this company.`);
              else change(user.id, false, user.name, { onAdded: () => setAdding(false) });
            }}
          />
          <Text size="xs" c="dimmed" mt={4}>
            Type at least 3 characters of a name or email; Escape clears. The user joins as staff.
          </Text>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {list('Admins', users.data.admins, true)}
        {list('Staff', users.data.staff, false)}
      </SimpleGrid>
      <SlideIn
        opened={selected !== null}
        onClose={() => setSelected(null)}
        title={selected ? `${selected.firstName} ${selected.lastName}` : ''}
        size="md"
      >
        {selected && (
          <SimpleGrid cols={2}>
            <Detail label="Id">{selected.id}</Detail>
            <Detail label="Email">{selected.email}</Detail>
            <Detail label="First name">{selected.firstName}</Detail>
            <Detail label="Last name">{selected.lastName}</Detail>
            <Detail label="Phone">{selected.phone || '–'}</Detail>
            <Detail label="Payment provider id">{selected.stripeId ?? '–'}</Detail>
            <Detail label="IP address">{selected.ip ?? '–'}</Detail>
            <Detail label="Created">
              <DateText value={selected.createdAt} withTime />
            </Detail>
            <Detail label="Last login">
              <DateText value={selected.lastLoginDate} withTime />
            </Detail>
            <Detail label="Last online">
              <DateText value={selected.lastOnline} withTime />
            </Detail>
          </SimpleGrid>
        )}
      </SlideIn>
    </Stack>
  );
}
