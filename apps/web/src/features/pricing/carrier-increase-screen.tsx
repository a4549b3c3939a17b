import { MultiSelect, Select } from '@mantine/core';
import { useState } from 'react';
import { CARRIER_INCREASE_CARRIER_IDS, TARIFF_SERVICE_CODES } from '@courier/domain/pricing/schemas';
import { tariffServiceLabel } from '@courier/domain/pricing/tariff-services';
import { ApiRequestError } from '@/api/client.ts';
import { useCarriers } from '@/api/carriers.ts';
import { useStartCarrierIncrease } from '@/api/increase-runs.ts';
import { IncreaseForm } from './components/increase-form.tsx';

const SERVICE_OPTIONS = TARIFF_SERVICE_CODES.map((code) => ({ value: code, label: tariffServiceLabel(code) }));

/** Carrier increase (spec 2 §2): a carrier's tariffs for some service codes; form, running, completed. */
export function CarrierIncreaseScreen() {
  const carriers = useCarriers();
  const start = useStartCarrierIncrease();
  const [serviceCodes, setServiceCodes] = useState<string[]>([]);
  const [carrierId, setCarrierId] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ serviceCodes?: string; carrierId?: string }>({});
  const error = start.error instanceof ApiRequestError ? start.error : null;
  // Spec 2 §3: carriers 1 and 2 feed the carrier increase dropdown.
  const choices = (carriers.data ?? []).filter((carrier) =>
    (CARRIER_INCREASE_CARRIER_IDS as readonly number[]).includes(carrier.id),
  );
  const carrierName = choices.find((carrier) => String(carrier.id) === carrierId)?.name ?? '';

  return (
    <IncreaseForm
      name="Carrier Increase"
      description="Raises the carrier’s tariffs for the chosen services by the percentage, rounded to the cent. Tariffs increased before are skipped unless their increase status is reset."
      start={start}
      checkOwnFields={() => {
        const problems = {
          serviceCodes: serviceCodes.length === 0 ? 'Choose at least one service.' : undefined,
          carrierId: carrierId ? undefined : 'Choose a carrier.',
        };
        setChecked(problems);
        return !problems.serviceCodes && !problems.carrierId;
      }}
      body={(common) => ({ ...common, serviceCodes: serviceCodes.join(','), carrierId: Number(carrierId) })}
      summary={(percent) =>
        `${carrierName} tariffs for ${serviceCodes.map(tariffServiceLabel).join(', ')} rise by ${percent} %`
      }
      fields={
        <>
          <MultiSelect
            label="Services"
            required
            data={SERVICE_OPTIONS}
            value={serviceCodes}
            onChange={setServiceCodes}
            error={checked.serviceCodes ?? error?.fieldMessage('serviceCodes')}
            searchable
          />
          <Select
            label="Carrier"
            required
            data={choices.map((carrier) => ({ value: String(carrier.id), label: carrier.name }))}
            value={carrierId}
            onChange={setCarrierId}
            placeholder={
              carriers.isPending
                ? 'Loading carriers...'
                : carriers.isError
                  ? 'Could not load the carriers'
                  : 'Choose a carrier'
            }
            error={
              checked.carrierId ??
              error?.fieldMessage('carrierId') ??
              (carriers.isError ? 'There was an error loading the carriers.' : undefined)
            }
          />
        </>
      }
    />
  );
}
