import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** Spec 1 §2 'Not-found screen': unknown paths and routes the user lacks the roles for. */
export function NotFoundScreen() {
  return (
    <Center mih="60vh" component="main">
      <Stack align="center" gap="xs">
        <Title order={1}>Oh No</Title>
        <Text c="dimmed" size="lg">
          It looks like you took a wrong turn
        </Text>
        <Button component={Link} to="/" variant="light" mt="md">
          Go to the start page
        </Button>
      </Stack>
    </Center>
  );
}
