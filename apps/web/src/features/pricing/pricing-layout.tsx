import { useLocation } from '@tanstack/react-router';
import { RouteTabs } from '@/routing/route-tabs.tsx';

/** The pricing shell's tabs (spec 2 §2), following the route; Price Reviews is the default. */
const TABS = [
  { value: '/pricing/review', label: 'Price Reviews' },
  { value: '/pricing/tariff-codes', label: 'Tariff Codes' },
  { value: '/pricing/carriers', label: 'Carriers' },
  { value: '/pricing/price-increase', label: 'Price Increase' },
  { value: '/pricing/carrier-increase', label: 'Carrier Increase' },
] as const;

/** A tariff list belongs under Carriers when it is a carrier's, else under Tariff Codes. */
function tabOf(pathname: string, search: Record<string, unknown>): string {
  if (pathname.startsWith('/pricing/tariff') && !pathname.startsWith('/pricing/tariff-codes'))
    return search.carrierId ? '/pricing/carriers' : '/pricing/tariff-codes';
  return TABS.find((tab) => pathname.startsWith(tab.value))?.value ?? '/pricing/review';
}

export function PricingLayout() {
  const location = useLocation();
  const current = tabOf(location.pathname, location.search as Record<string, unknown>);
  return <RouteTabs tabs={TABS} current={current} />;
}
