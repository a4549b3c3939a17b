import { Alert, Stack, Text } from '@mantine/core';

/** Honest panel for a screen whose issue has not landed yet: says so, shows nothing fake. */
export function NotAvailableYet({ screen }: { screen: string }) {
  return (
    <Stack p="md">
      <Alert color="gray" title={`${screen} is not available yet`}>
        <Text size="sm">
          This part of the back office has not been built yet. Nothing here is saved or shown from made-up data.
        </Text>
      </Alert>
    </Stack>
  );
}
