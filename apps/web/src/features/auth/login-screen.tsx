import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { LOGIN_EMAIL_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '@courier/domain/auth/limits';
import { safeRedirect } from '@/session/guard.ts';
import { useSignIn } from '@/api/auth.ts';

const route = getRouteApi('/login');

/** Sign in (spec 1 §2 'Login screen'): both fields required, Enter submits. */
export function LoginScreen() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      email: email.trim() ? undefined : 'Please enter your email address.',
      password: password ? undefined : 'Please enter your password.',
    };
    setErrors(next);
    if (next.email || next.password) return;
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => void navigate({ href: safeRedirect(search.redirect), replace: true }).catch(() => undefined),
        onError: (error) => console.warn('Sign-in failed:', error.message),
      },
    );
  }

  return (
    <Center mih="100vh" bg="gray.1" component="main">
      <Paper withBorder shadow="sm" p="xl" w={380} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <Title order={1} size="h2">
                Courier Back Office
              </Title>
              <Text c="dimmed" size="sm">
                Sign in with your staff account
              </Text>
            </div>
            {signIn.isError && (
              <Alert color="red" role="alert" title="Sign in failed">
                {signIn.error.message}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              autoFocus
              maxLength={LOGIN_EMAIL_MAX_LENGTH}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={errors.email}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              maxLength={LOGIN_PASSWORD_MAX_LENGTH}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password}
            />
            <Button type="submit" loading={signIn.isPending} fullWidth>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
