import { Button, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { formatDateTime } from '@courier/domain/common/dates';
import { type TrackingEvent } from '@courier/domain/customer/tracking';
import { jobEventStatusLabel } from '@courier/domain/customer/tracking-events';
import { useJobTracking } from '@/api/tracking.ts';

/** Events that end a job's run badly stand out; the rest read as progress. */
const BAD_ENDINGS = new Set<TrackingEvent['status']>(['cancelled', 'failed']);

/**
 * A job's tracking events as a timeline in the booking details (issue 14; spec 1 §7 tracking
 * events): oldest first, so the job's story reads top to bottom and the latest event is last.
 * Asked for as soon as the details open, one request per job (the API filters by job, not booking).
 */
export function JobTimeline({ jobReference }: { jobReference: string }) {
  const tracking = useJobTracking(jobReference);
  const label = `Tracking of ${jobReference}`;
  return (
    <Stack gap={6} mt="sm">
      <Text size="sm" fw={600}>
        Tracking
      </Text>
      {tracking.isPending ? (
        <Group gap="xs" role="status" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading tracking...
          </Text>
        </Group>
      ) : tracking.isError ? (
        <Group gap="xs" role="alert">
          <Text size="sm" c="red.8">
            The tracking events could not be loaded.
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => void tracking.refetch()}>
            Try again
          </Button>
        </Group>
      ) : tracking.data.events.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tracking events yet
        </Text>
      ) : (
        <>
          {tracking.data.count > tracking.data.events.length && (
            <Text size="xs" c="dimmed">
              The latest {tracking.data.events.length} of {tracking.data.count} events.
            </Text>
          )}
          <Timeline
            active={tracking.data.events.length - 1}
            bulletSize={14}
            lineWidth={2}
            role="list"
            aria-label={label}
          >
            {/* The API gives newest first; the timeline reads oldest first. */}
            {[...tracking.data.events].reverse().map((event) => (
              <Timeline.Item
                key={event.id}
                role="listitem"
                color={BAD_ENDINGS.has(event.status) ? 'red' : 'blue'}
                title={
                  <Text size="sm" fw={600} span>
                    {jobEventStatusLabel(event.status)}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(event.at)} · by {event.causedBy.name}
                </Text>
                {event.detail && <Text size="xs">{event.detail}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        </>
      )}
    </Stack>
  );
}
