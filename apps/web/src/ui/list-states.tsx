import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';

/** Full-area loading with a text such as 'Loading Companies...'. */
export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}

/** Small inline spinner for a part of a screen. */
export function MiniLoading({ label = 'Loading' }: { label?: string }) {
  return <Loader size="xs" aria-label={label} role="status" />;
}

/** 'No X' / 'Sorry nothing to show you' (spec 1 §2 'Generic states'). */
export function EmptyState({ title, subtitle = 'Sorry nothing to show you' }: { title: string; subtitle?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap={4}>
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text c="dimmed">{subtitle}</Text>
      </Stack>
    </Center>
  );
}

export function ErrorState({
  title = 'Something went wrong',
  subtitle = 'Please try again later',
  onRetry,
}: {
  title?: string;
  subtitle?: string;
  onRetry?: () => void;
}) {
  return (
    <Center py="xl" role="alert">
      <Stack align="center" gap="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text c="dimmed">{subtitle}</Text>
        {onRetry && (
          <Button variant="light" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Center>
  );
}
