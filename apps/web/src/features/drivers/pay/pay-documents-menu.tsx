import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import {
  DRIVER_DOCUMENT_LABELS,
  DRIVER_DOCUMENT_TYPES,
  type DriverDocumentType,
} from '@courier/domain/driver-pay/documents';
import type { PayPeriod } from '@courier/domain/driver-pay/schemas';
import { isRefusal } from '@/api/client.ts';
import { fetchPayDocument } from '@/api/driver-pay.ts';
import { saveFile } from '@/ui/save-file.ts';
import { toast } from '@/ui/toast.ts';

/**
 * A driver's downloads for the week (spec 2 §2 'per-driver downloads'): the timesheet and each driver
 * document as a PDF. A document that does not apply says why (the server's reason).
 */
export function PayDocumentsMenu({ period, mergeExtras }: { period: PayPeriod; mergeExtras: boolean }) {
  const [busy, setBusy] = useState(false);
  const driver = `${period.driver.firstName} ${period.driver.lastName}`;

  async function download(document: 'timesheet' | DriverDocumentType) {
    setBusy(true);
    try {
      const { fileName, file } = await fetchPayDocument(period.id, document, mergeExtras);
      saveFile(fileName, file);
    } catch (error) {
      const label = document === 'timesheet' ? 'Timesheet' : DRIVER_DOCUMENT_LABELS[document];
      toast({
        type: 'error',
        title: `${label} for ${driver}`,
        message: isRefusal(error) ? error.message : 'The document could not be made just now. Please try again.',
        duration: 'NORMAL',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          loading={busy}
          aria-label={`PDFs of driver ${period.driver.driverNumber}`}
        >
          PDFs
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('timesheet')}>Timesheet</Menu.Item>
        <Menu.Divider />
        {DRIVER_DOCUMENT_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => void download(type)}>
            {DRIVER_DOCUMENT_LABELS[type]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
