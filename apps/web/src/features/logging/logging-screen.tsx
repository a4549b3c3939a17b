import { Tabs } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { QUEUE_GROUP_LABELS, QUEUE_GROUPS, type QueueGroup } from '@courier/domain/background/queue-groups';
import { useQueueLogPages } from '@/api/background-runs.ts';
import { LoadingState } from '@/ui/list-states.tsx';
import { QueueLog } from './components/queue-log.tsx';
import type { LoggingSearch } from './logging-search.ts';

const route = getRouteApi('/app/logging/');

/**
 * /logging (spec 1 §2, §4 'Logging tab'): tabs Admin (selected on load) and Dispatch, each showing
 * its queue's log: in a frame when the server names an external page for it (QUEUE_LOG_*_URL, its
 * host not shown), else our own queue-log page. Tab, filters and the open run live in the URL.
 */
export function LoggingScreen() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/logging/' });
  const pages = useQueueLogPages();
  const tab: QueueGroup = search.tab ?? 'admin';

  const onSearch = useCallback(
    (change: Partial<LoggingSearch>, options: { replace?: boolean } = {}) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }), replace: options.replace }),
    [navigate],
  );
  // A tab starts unfiltered: each queue has its own kinds. Admin, the default, stays out of the URL.
  const selectTab = (value: string | null) =>
    value && void navigate({ search: { tab: value === 'admin' ? undefined : (value as QueueGroup) } });

  return (
    <Tabs value={tab} onChange={selectTab} keepMounted={false}>
      <Tabs.List>
        {QUEUE_GROUPS.map((group) => (
          <Tabs.Tab key={group} value={group}>
            {QUEUE_GROUP_LABELS[group]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {QUEUE_GROUPS.map((group) => {
        const external = pages.data?.[group] ?? null;
        return (
          <Tabs.Panel key={group} value={group} pt="md">
            {pages.isPending ? (
              <LoadingState text="Loading Logs..." />
            ) : external ? (
              <iframe
                title={`${QUEUE_GROUP_LABELS[group]} queue log`}
                src={external}
                style={{ width: '100%', height: 'calc(100vh - 170px)', minHeight: 480, border: 0 }}
                referrerPolicy="no-referrer"
              />
            ) : (
              <QueueLog group={group} search={search} onSearch={onSearch} />
            )}
          </Tabs.Panel>
        );
      })}
    </Tabs>
  );
}
