import { Badge, Button, Group, Popover, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { JOB_TAGS } from '@courier/domain/bookings/enums';
import { jobTagLabel } from '@courier/domain/bookings/labels';
import { useTagCounts } from '../api/booking-summary.ts';
import type { BookingFilterParams } from '@courier/domain/bookings/schemas';

const ROOM_VARIABLE = '--tag-picker-room';
/** The panel's heading, padding and 'Clear tags' around its scrolling list. */
const HEAD_AND_FOOT = 100;

/** Tells the panel how tall the window lets it be (floating-ui's size middleware). */
function fitToRoom({ availableHeight, elements }: { availableHeight: number; elements: { floating: HTMLElement } }) {
  elements.floating.style.setProperty(ROOM_VARIABLE, `${Math.max(availableHeight, HEAD_AND_FOOT + 120)}px`);
}

/**
 * The tag filter: a panel headed 'Only show bookings with', a toggle per tag with its count (spec 2 §2),
 * counted over the applied search like the summary's chips, and labelled from the same map.
 */
export function TagPicker({
  selected,
  onChange,
  apiFilter,
}: {
  selected: string[];
  onChange: (tags: string[]) => void;
  apiFilter: BookingFilterParams;
}) {
  const [opened, setOpened] = useState(false);
  const counts = useTagCounts(apiFilter, { omitTags: true, enabled: opened });
  const countOf = (tag: string) => counts.data?.counts.find((entry) => entry.tag === tag)?.count;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      shadow="md"
      width={320}
      trapFocus
      // The list scrolls within the room the window has below (or above) the button: on a 720 px
      // screen the panel reached 788 px and its last tags were out of reach.
      middlewares={{ flip: true, shift: true, size: { padding: 8, apply: fitToRoom } }}
    >
      <Stack gap={4} justify="flex-end">
        <Text size="sm" fw={500} component="span" id="booking-tags-label">
          Tags
        </Text>
        <Popover.Target>
          <Button variant="default" onClick={() => setOpened((open) => !open)} aria-describedby="booking-tags-label">
            {selected.length === 0 ? 'Any tag' : `${selected.length} tag${selected.length === 1 ? '' : 's'} chosen`}
          </Button>
        </Popover.Target>
      </Stack>
      <Popover.Dropdown role="dialog" aria-label="Only show bookings with">
        <Text fw={600} mb="xs">
          Only show bookings with
        </Text>
        <ScrollArea.Autosize mah={`min(360px, var(${ROOM_VARIABLE}, 360px) - ${HEAD_AND_FOOT}px)`} offsetScrollbars>
          <Stack gap={6}>
            {JOB_TAGS.map((tag) => (
              <Group key={tag} justify="space-between" wrap="nowrap">
                <Switch
                  label={jobTagLabel(tag)}
                  checked={selected.includes(tag)}
                  onChange={(event) =>
                    onChange(event.currentTarget.checked ? [...selected, tag] : selected.filter((item) => item !== tag))
                  }
                />
                {countOf(tag) !== undefined && (
                  <Badge variant="default" aria-label={`${countOf(tag)} bookings`}>
                    {countOf(tag)}
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        {selected.length > 0 && (
          <Button variant="subtle" size="xs" mt="sm" onClick={() => onChange([])}>
            Clear tags
          </Button>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
