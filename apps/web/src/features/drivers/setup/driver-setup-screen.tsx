import { Anchor, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DRIVER_TEXTS } from '@courier/domain/drivers/labels';
import type { DispatchUser } from '@courier/domain/drivers/setup-schemas';
import { USER_SEARCH_MAX_LENGTH, USER_SEARCH_MIN_LENGTH } from '@courier/domain/users/limits';
import { ApiRequestError } from '@/api/client.ts';
import { useOpenDispatchUser, useSetupUserList } from '@/api/driver-setup.ts';
import { useDriverSetupData } from '@/api/drivers.ts';
import { DateText } from '@/ui/format.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { ListPagination, useValueOnScreen } from '@/ui/pagination.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { toast } from '@/ui/toast.ts';
import { DispatchProfileEditor } from './dispatch-profile-editor.tsx';
import { rolesText } from '@courier/domain/auth/roles';
import { isSearchable, SETUP_PAGE_SIZE, setupUserListBodyOf } from './setup-search.ts';

const route = getRouteApi('/app/drivers/setup');
/** spec 2 §9: searches wait 500 ms after typing stops. */
const SEARCH_DEBOUNCE_MS = 500;

/**
 * The driver setup (spec 2 §2 'Driver setup', accounts only): search the users (10 a page; a new
 * search goes back to the first page), click one to set up its dispatch profile. The search and
 * the page live in the URL.
 */
export function DriverSetupScreen() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/drivers/setup' });
  const page = search.page ?? 0;
  const [text, setText] = useState(search.q ?? '');
  const list = useSetupUserList(setupUserListBodyOf(search));
  const pageOnScreen = useValueOnScreen(page, list.isPlaceholderData);
  const setupData = useDriverSetupData(true);
  const open = useOpenDispatchUser();
  const [editing, setEditing] = useState<DispatchUser | undefined>();

  useEffect(() => {
    if (setupData.isError) toast({ title: 'Error', message: DRIVER_TEXTS.failedToLoadSetupData, type: 'error' });
  }, [setupData.isError]);

  // A new search goes back to the first page (spec 2 §2); one or two letters wait for a third.
  const applyQuery = useDebouncedCallback((value: string) => {
    if (!isSearchable(value)) return;
    void navigate({ search: (prev) => ({ ...prev, q: value.trim() || undefined, page: undefined }), replace: true });
  }, SEARCH_DEBOUNCE_MS);

  const openUser = (userId: number) =>
    open.mutate(userId, {
      onSuccess: setEditing,
      onError: () => toast({ title: 'Error', message: DRIVER_TEXTS.failedToCreateDispatchUser, type: 'error' }),
    });

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <TextInput
          aria-label="Search Users"
          placeholder="Search users by name or email..."
          w={{ base: '100%', sm: 360 }}
          value={text}
          maxLength={USER_SEARCH_MAX_LENGTH}
          description={isSearchable(text) ? undefined : `Type at least ${USER_SEARCH_MIN_LENGTH} characters to search.`}
          onChange={(event) => {
            setText(event.currentTarget.value);
            applyQuery(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setText('');
              applyQuery('');
            }
          }}
        />
        <Text size="sm" c="gray.8">
          Click a user to set them up as a driver or dispatcher.
        </Text>
      </Group>
      {list.isPending ? (
        <LoadingState text="Loading Users..." />
      ) : list.isError && list.error instanceof ApiRequestError && list.error.status === 400 ? (
        // A search the server refuses is not a failure to retry: asking again gets the same answer.
        <EmptyState
          title="Search not accepted"
          subtitle={list.error.fieldMessage('searchQuery') ?? list.error.message}
        />
      ) : list.isError ? (
        <ErrorState subtitle={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.users.length === 0 ? (
        <EmptyState title="No Users" />
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table highlightOnHover verticalSpacing="xs" aria-busy={list.isFetching} aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th>Last On Line</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.users.map((user) => {
                const name = `${user.firstName} ${user.lastName}`;
                const opening = open.isPending && open.variables === user.id;
                return (
                  <Table.Tr
                    key={user.id}
                    className="clickable-row"
                    data-user-id={user.id}
                    aria-busy={opening}
                    onClick={() => openUser(user.id)}
                  >
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        c="inherit"
                        size="sm"
                        fw={600}
                        ta="left"
                        onClick={(event) => {
                          event.stopPropagation();
                          openUser(user.id);
                        }}
                      >
                        {name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{user.phone || '–'}</Table.Td>
                    <Table.Td>
                      {user.roles.length === 0 ? (
                        <Text span size="sm" c="gray.8">
                          None
                        </Text>
                      ) : (
                        rolesText(user.roles)
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DateText value={user.lastOnline} withTime />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && (
        <ListPagination
          label="users"
          page={pageOnScreen}
          size={SETUP_PAGE_SIZE}
          count={list.data.count}
          onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next || undefined }) })}
        />
      )}
      <SlideIn
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Dispatch profile · ${editing.name}` : 'Dispatch profile'}
      >
        {editing &&
          (setupData.isPending ? (
            <LoadingState text="Loading Setup Data..." />
          ) : setupData.isError ? (
            <ErrorState subtitle={DRIVER_TEXTS.failedToLoadSetupData} onRetry={() => void setupData.refetch()} />
          ) : (
            <DispatchProfileEditor
              key={editing.dispatchUserId}
              dispatchUser={editing}
              setupData={setupData.data}
              onSaved={() => setEditing(undefined)}
            />
          ))}
      </SlideIn>
    </Paper>
  );
}
