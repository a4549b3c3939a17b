import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { TariffList } from './components/tariff-list.tsx';

const route = getRouteApi('/app/pricing/tariff');

/** /pricing/tariff: the tariff list for the URL's tariffCodeId, carrierId, account and zone. */
export function TariffListScreen() {
  const { highlight, ...filter } = route.useSearch();
  const navigate = useNavigate({ from: '/pricing/tariff' });
  return (
    <TariffList
      filter={filter}
      highlightId={highlight}
      onZoneChange={(zone) => void navigate({ search: (previous) => ({ ...previous, zone }), replace: true })}
    />
  );
}
