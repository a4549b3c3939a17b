import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Dialog action kinds of spec 1 §2: DESTRUCTIVE (red), DEFAULT (plain), CONFIRM (primary). */
export type DialogActionKind = 'DESTRUCTIVE' | 'DEFAULT' | 'CONFIRM';

export interface DialogAction {
  label: string;
  kind: DialogActionKind;
  onClick: () => void;
  loading?: boolean;
  /** Takes the focus when the dialog opens; without one, the first action that is not DEFAULT does. */
  autoFocus?: boolean;
}

const styleOf: Record<DialogActionKind, { variant: string; color?: string }> = {
  DESTRUCTIVE: { variant: 'filled', color: 'red.9' },
  DEFAULT: { variant: 'default' },
  CONFIRM: { variant: 'filled' },
};

export function Dialog({
  opened,
  onClose,
  title,
  children,
  actions,
  icon,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  actions: DialogAction[];
  icon?: ReactNode;
}) {
  const focused = actions.find((action) => action.autoFocus);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={
        <Group gap="xs">
          {icon}
          <Text fw={600}>{title}</Text>
        </Group>
      }
    >
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      <Group justify="flex-end" mt="lg">
        {actions.map((action) => (
          <Button
            key={action.label}
            {...styleOf[action.kind]}
            loading={action.loading}
            onClick={action.onClick}
            data-autofocus={(focused ? action === focused : action.kind !== 'DEFAULT') ? true : undefined}
          >
            {action.label}
          </Button>
        ))}
      </Group>
    </Modal>
  );
}

/**
 * A question with one action: closing it and its first button ('Cancel') both call onCancel. The
 * action has the focus as it opens, unless `focusCancel` (an action that cannot be undone: Enter on a
 * dialog just opened must not run it).
 */
export function ConfirmDialog({
  opened,
  onCancel,
  cancelLabel = 'Cancel',
  title,
  confirm,
  focusCancel = false,
  children,
}: {
  opened: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  title: string;
  confirm: DialogAction;
  focusCancel?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog
      opened={opened}
      onClose={onCancel}
      title={title}
      actions={[{ label: cancelLabel, kind: 'DEFAULT', onClick: onCancel, autoFocus: focusCancel }, confirm]}
    >
      {children}
    </Dialog>
  );
}
