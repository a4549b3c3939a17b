import { Button, Group, Paper, Table, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingState } from '../../ui/list-states.tsx';
import { useTariffCodes } from './api/list-tariff-codes.ts';

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
      {codes.isPending ? (
        <LoadingState text="Loading Tariff Codes..." />
      ) : codes.isError ? (
        <ErrorState title="Error Loading Tariff Codes" subtitle="There was an error loading the tariff codes." onRetry={() => void codes.refetch()} />
      ) : codes.data.length === 0 ? (
        <EmptyState title="No Tariff Codes" />
      ) : (
        <Table highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={140}>Code</Table.Th>
              <Table.Th>Name</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.data.map((code) => (
              <Table.Tr key={code.id} className="clickable-row" onClick={() => void navigate({ to: '/pricing/tariff', search: { tariffCodeId: code.id } })}>
                <Table.Td>
                  <Link to="/pricing/tariff" search={{ tariffCodeId: code.id }} style={{ fontWeight: 700, color: 'inherit' }} onClick={(event) => event.stopPropagation()}>
                    {code.code}
                  </Link>
                </Table.Td>
                <Table.Td>{code.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
