import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/**
 * A section the signed-in user's roles do not open: said plainly inside the shell, with the way
 * back to their own start page (the sidebar stays, so they can also pick a section of theirs).
 */
export function NoAccessState() {
  return (
    <Stack align="flex-start" gap="xs" py="xl" role="alert">
      <Title order={2} size="h3">
        No access
      </Title>
      <Text>This section is not available to your role.</Text>
      <Anchor component={Link} to="/">
        Go to your start page
      </Anchor>
    </Stack>
  );
}
