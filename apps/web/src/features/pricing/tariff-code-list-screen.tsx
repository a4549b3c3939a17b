import { Button, Group, Paper, TextInput, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTariffCodes } from '@/api/tariff-codes.ts';
import { CodeNameTable } from './components/code-name-table.tsx';

/** Tariff code list (/pricing/tariff-codes): a code opens its base tariffs; an account code opens its special tariffs. */
export function TariffCodeListScreen() {
  const codes = useTariffCodes();
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const openAccount = () => {
    const code = account.trim().toUpperCase();
    if (code) void navigate({ to: '/pricing/tariff', search: { account: code } });
  };

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="md" wrap="wrap" align="flex-end">
        <Title order={2} size="h4">
          Tariff Codes
        </Title>
        <Group gap="xs" align="flex-end">
          <TextInput
            label="Special tariffs for an account"
            placeholder="Account code"
            value={account}
            onChange={(event) => setAccount(event.currentTarget.value)}
            onKeyDown={(event) => event.key === 'Enter' && openAccount()}
          />
          <Button variant="default" onClick={openAccount} disabled={!account.trim()}>
            Show
          </Button>
        </Group>
      </Group>
      <CodeNameTable query={codes} noun="Tariff Codes" tariffsOf={(code) => ({ tariffCodeId: code.id })} />
    </Paper>
  );
}
