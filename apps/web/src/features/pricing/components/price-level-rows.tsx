import { ActionIcon, Button, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import { LEVEL_FIELDS, newLevelDraft, numberCharacters, type LevelDraft } from './price-levels.ts';

const COLUMNS = LEVEL_FIELDS.length;
const EDIT_KEYS = new Set(['Backspace', 'Delete']);

/**
 * The price-level rows of the Tariff Editor. Keyboard (spec 2 §5): only digits, backspace, delete
 * and the decimal point type; Enter, Tab and the arrow keys move between the inputs and wrap
 * around. Escape leaves the grid (to the Add level button), so keyboard users are never trapped.
 */
export function PriceLevelRows({
  levels,
  onChange,
  errors,
}: {
  levels: LevelDraft[];
  onChange: (levels: LevelDraft[]) => void;
  /** Messages by 'row.field', e.g. '1.upTo'. */
  errors: Record<string, string>;
}) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement | null>(null);
  const count = levels.length * COLUMNS;

  const focusInput = (index: number) => {
    const target = inputs.current[((index % count) + count) % count];
    target?.focus();
    target?.select();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    const { key } = event;
    if (event.ctrlKey || event.metaKey || event.altKey) return; // copy, paste, select all
    const move = (by: number) => {
      event.preventDefault();
      focusInput(index + by);
    };
    if (key === 'Enter' || key === 'ArrowRight' || (key === 'Tab' && !event.shiftKey)) return move(1);
    if (key === 'ArrowLeft' || (key === 'Tab' && event.shiftKey)) return move(-1);
    if (key === 'ArrowDown') return move(COLUMNS);
    if (key === 'ArrowUp') return move(-COLUMNS);
    if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      addButton.current?.focus();
      return;
    }
    if (/^[0-9]$/.test(key) || EDIT_KEYS.has(key)) return;
    if (key === '.' && !event.currentTarget.value.includes('.')) return;
    event.preventDefault();
  };

  const setValue = (row: number, key: keyof LevelDraft, value: string) =>
    onChange(levels.map((level, i) => (i === row ? { ...level, [key]: value } : level)));

  return (
    <div>
      <Text size="xs" c="dimmed" mb={4} id="price-level-keys">
        Enter, Tab and the arrow keys move between prices; Esc leaves the grid.
      </Text>
      <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={4} aria-describedby="price-level-keys">
        <Table.Thead>
          <Table.Tr>
            {LEVEL_FIELDS.map((field) => (
              <Table.Th key={field.key} fw={600} fz="sm">
                {field.label}
              </Table.Th>
            ))}
            <Table.Th w={36}>
              <VisuallyHidden>Remove</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {levels.map((level, row) => (
            <Table.Tr key={row}>
              {LEVEL_FIELDS.map((field, column) => {
                const index = row * COLUMNS + column;
                const error = errors[`${row}.${field.key}`];
                return (
                  <Table.Td key={field.key} style={{ verticalAlign: 'top' }}>
                    <TextInput
                      ref={(element) => {
                        inputs.current[index] = element;
                      }}
                      aria-label={`Level ${row + 1} ${field.label} (${field.unit === '€' ? 'euro' : 'kg'})`}
                      inputMode="decimal"
                      autoComplete="off"
                      size="xs"
                      value={level[field.key]}
                      leftSection={field.unit === '€' ? <Text size="xs">€</Text> : undefined}
                      leftSectionWidth={field.unit === '€' ? 22 : undefined}
                      rightSection={
                        field.unit === 'kg' ? (
                          <Text size="xs" c="dimmed">
                            kg
                          </Text>
                        ) : undefined
                      }
                      rightSectionWidth={field.unit === 'kg' ? 26 : undefined}
                      error={error}
                      onKeyDown={(event) => onKeyDown(event, index)}
                      onFocus={(event) => event.currentTarget.select()}
                      onChange={(event) => setValue(row, field.key, numberCharacters(event.currentTarget.value))}
                    />
                  </Table.Td>
                );
              })}
              <Table.Td style={{ verticalAlign: 'top' }}>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={`Remove level ${row + 1}`}
                  disabled={levels.length === 1}
                  onClick={() => onChange(levels.filter((_, i) => i !== row))}
                >
                  ×
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group mt={4}>
        <Button
          ref={addButton}
          variant="default"
          size="xs"
          onClick={() => onChange([...levels, { ...newLevelDraft(), upTo: '' }])}
        >
          Add level
        </Button>
      </Group>
    </div>
  );
}
