import { Alert, Text } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTariffCodes } from '@/api/tariff-codes.ts';
import { TariffList } from './components/tariff-list.tsx';
import { tariffListFilterOf } from './tariff-list-filter.ts';

const route = getRouteApi('/app/pricing/tariff');

/**
 * /pricing/tariff: the tariff list for the URL's tariffCodeId, carrierId, account and zone. A tariff
 * code in the address that no tariff code has (or that cannot be an id) is said so above the list,
 * which then holds the tariffs of every tariff code: never the API's refusal in its own words.
 */
export function TariffListScreen() {
  const { highlight, ...search } = route.useSearch();
  const codes = useTariffCodes();
  const { filter, unknownTariffCode } = tariffListFilterOf(search, codes.data);
  const navigate = useNavigate({ from: '/pricing/tariff' });
  return (
    <>
      {unknownTariffCode && (
        // Dark text on the light orange, as the review banner has it: orange on orange fails contrast.
        <Alert
          color="orange"
          variant="light"
          role="alert"
          mb="md"
          title={
            <Text fw={700} size="sm" c="dark">
              Tariff code not found
            </Text>
          }
        >
          <Text size="sm" c="dark">
            The tariff code in the page address is not one we have, so the tariffs of every tariff code are shown.
            Choose a tariff code on the Tariff Codes tab to see only its tariffs.
          </Text>
        </Alert>
      )}
      <TariffList
        filter={filter}
        highlightId={highlight}
        onZoneChange={(zone) => void navigate({ search: (previous) => ({ ...previous, zone }), replace: true })}
      />
    </>
  );
}
