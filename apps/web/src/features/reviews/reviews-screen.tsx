import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { REVIEW_PAGE_SIZE } from '@courier/domain/reviews/limits';
import { REVIEW_MESSAGES, scoreColour, type Review } from '@courier/domain/reviews/schemas';
import { DateText } from '@/ui/format.tsx';
import { LabelledValue } from '@/ui/labelled-value.tsx';
import { EmptyState, LoadingState } from '@/ui/list-states.tsx';
import { ListPagination, useValueOnScreen } from '@/ui/pagination.tsx';
import { SlideIn } from '@/ui/slide-in.tsx';
import { toast } from '@/ui/toast.ts';
import { useReviewList, useSetReviewApproval } from '@/api/reviews.ts';
import { reviewListPageOf } from './review-list-search.ts';

const route = getRouteApi('/app/reviews/');

// Darker than Mantine's shade 9 so the scores keep WCAG AA contrast on white, striped and hovered rows.
const SCORE_COLOURS = { red: '#b71c1c', orange: '#a84300', green: '#1b5e20' } as const;

function Score({ value }: { value: number }) {
  return (
    <Text span fw={700} c={SCORE_COLOURS[scoreColour(value)]} data-score-colour={scoreColour(value)}>
      {Number.isInteger(value) ? value : value.toFixed(1)}
    </Text>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <LabelledValue label={label} wrapAnywhere>
      {children}
    </LabelledValue>
  );
}

/**
 * Reviews list (spec 1 §2): ten a page, DELETED/APPROVED tags, a slide-in viewer with
 * Approve/Unapprove. The page lives in the URL.
 */
export function ReviewsScreen() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/reviews/' });
  const page = search.page ?? 0;
  const list = useReviewList(reviewListPageOf(search));
  const pageOnScreen = useValueOnScreen(page, list.isPlaceholderData);
  const approval = useSetReviewApproval();
  const [openId, setOpenId] = useState<number | null>(null);
  const open: Review | undefined = list.data?.reviews.find((review) => review.id === openId);

  const setApproved = (review: Review, approved: boolean) =>
    approval.mutate(
      { id: review.id, approved },
      {
        onSuccess: () => {
          toast({
            title: 'Success',
            message: approved ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.rejected,
            type: 'success',
          });
          setOpenId(null);
        },
        onError: () => toast({ title: 'Sorry', message: REVIEW_MESSAGES.failed, type: 'error' }),
      },
    );

  return (
    <Tabs defaultValue="reviews">
      <Tabs.List>
        <Tabs.Tab value="reviews">Reviews</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="reviews" pt="md">
        <Paper withBorder p="md">
          {list.isPending ? (
            <LoadingState text="Loading Reviews..." />
          ) : list.isError || list.data.reviews.length === 0 ? (
            // spec 1 §8: a failed load is only logged; the list shows empty.
            <EmptyState title="No Reviews" />
          ) : (
            <Table highlightOnHover verticalSpacing="sm" aria-busy={list.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer Name</Table.Th>
                  <Table.Th>Speed</Table.Th>
                  <Table.Th>Driver</Table.Th>
                  <Table.Th>Value</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.reviews.map((review) => (
                  <Table.Tr
                    key={review.id}
                    className="clickable-row"
                    tabIndex={0}
                    aria-label={`Review ${review.id} by ${review.user.fullName}`}
                    onClick={() => setOpenId(review.id)}
                    onKeyDown={(event) =>
                      (event.key === 'Enter' || event.key === ' ') && (event.preventDefault(), setOpenId(review.id))
                    }
                  >
                    <Table.Td>
                      <Group gap="xs">
                        <Text size="sm">{review.user.fullName}</Text>
                        {review.deleted && (
                          <Badge color="red.9" variant="filled" size="sm">
                            DELETED
                          </Badge>
                        )}
                        {review.approved && (
                          <Badge color="teal.9" variant="filled" size="sm">
                            APPROVED
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Score value={review.speed} />
                    </Table.Td>
                    <Table.Td>
                      <Score value={review.driver} />
                    </Table.Td>
                    <Table.Td>
                      <Score value={review.value} />
                    </Table.Td>
                    <Table.Td>
                      <Score value={review.total} />
                    </Table.Td>
                    <Table.Td>
                      <DateText value={review.createdAt} withTime />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {list.data && (
            <ListPagination
              label="reviews"
              page={pageOnScreen}
              size={REVIEW_PAGE_SIZE}
              count={list.data.count}
              // A page is a step in the history, as in the other lists: Back returns to the previous one.
              onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next || undefined }) })}
            />
          )}
        </Paper>
        <SlideIn
          opened={open !== undefined}
          onClose={() => setOpenId(null)}
          title={open ? `Review ${open.id}` : ''}
          size="md"
        >
          {open && (
            <Stack>
              <SimpleGrid cols={2}>
                <Field label="Customer">{open.user.fullName}</Field>
                <Field label="Email">{open.user.email}</Field>
                <Field label="Created">
                  <DateText value={open.createdAt} withTime />
                </Field>
                <Field label="Approved">{open.approved ? 'Yes' : 'No'}</Field>
                <Field label="Total">
                  <Score value={open.total} />
                </Field>
                <Field label="Speed">
                  <Score value={open.speed} />
                </Field>
                <Field label="Driver">
                  <Score value={open.driver} />
                </Field>
                <Field label="Value">
                  <Score value={open.value} />
                </Field>
              </SimpleGrid>
              <Field label="Feedback">{open.feedback.trim() ? open.feedback : 'No feedback'}</Field>
              {open.deleted && (
                <Text size="sm" c="dimmed">
                  The customer deleted this review, so it cannot be approved.
                </Text>
              )}
              <Group justify="flex-end">
                <Button
                  loading={approval.isPending}
                  disabled={open.deleted && !open.approved}
                  color={open.approved ? 'red.9' : undefined}
                  onClick={() => setApproved(open, !open.approved)}
                >
                  {open.approved ? 'Unapprove' : 'Approve'}
                </Button>
              </Group>
            </Stack>
          )}
        </SlideIn>
      </Tabs.Panel>
    </Tabs>
  );
}
