import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A value under its small uppercase label, as in headers and detail panels. */
export function LabelledValue({
  label,
  children,
  wrapAnywhere = false,
}: {
  label: string;
  children: ReactNode;
  /** Break long unspaced values (emails, free text) anywhere rather than overflow. */
  wrapAnywhere?: boolean;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div" style={wrapAnywhere ? { overflowWrap: 'anywhere' } : undefined}>
        {children}
      </Text>
    </div>
  );
}
