import { Button, Menu } from '@mantine/core';
import { DRIVER_PAY_REPORT_FAILED, DRIVER_PAY_REPORT_GENERATED } from '@courier/domain/driver-pay/pay-report';
import type { PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import { isRefusal } from '@/api/client.ts';
import { useGenerateDriverPayReport, useSendDriverExports, useSendNewDriversCsv } from '@/api/driver-pay.ts';
import { toast } from '@/ui/toast.ts';

/** The server's reason for a refusal it explained, else a generic line. */
const reasonOf = (failure: unknown) =>
  isRefusal(failure) ? failure.message : 'Something went wrong. Please try again.';

/**
 * What the pay screen e-mails to the person asking (spec 2 §7 'Pay'): the 12-week driver pay
 * analysis (spec 2 §8 texts), the week's pay and ledger exports and the new drivers CSV. Each is
 * built in the background; the button shows it busy until the server has taken the request.
 */
export function PayReportsMenu({ week }: { week: PayWeek }) {
  const report = useGenerateDriverPayReport();
  const exports = useSendDriverExports();
  const newDrivers = useSendNewDriversCsv();
  const busy = report.isPending || exports.isPending || newDrivers.isPending;

  const generateReport = () =>
    report.mutate(undefined, {
      onSuccess: () => toast({ type: 'success', message: DRIVER_PAY_REPORT_GENERATED, duration: 'SHORT' }),
      onError: (failure) =>
        toast({ type: 'error', title: DRIVER_PAY_REPORT_FAILED, message: reasonOf(failure), duration: 'NORMAL' }),
    });
  const sendExports = () =>
    exports.mutate(week, {
      onSuccess: (started) => toast({ type: 'success', title: 'Driver exports', message: started.message }),
      onError: (failure) =>
        toast({
          type: 'error',
          title: 'Failed to send the driver exports',
          message: reasonOf(failure),
          duration: 'NORMAL',
        }),
    });
  const sendNewDrivers = () =>
    newDrivers.mutate(week, {
      onSuccess: (started) => toast({ type: 'success', title: 'New drivers CSV', message: started.message }),
      onError: (failure) =>
        toast({
          type: 'error',
          title: 'Failed to send the new drivers CSV',
          message: reasonOf(failure),
          duration: 'NORMAL',
        }),
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" loading={busy} title="Built in the background and e-mailed to you">
          E-mail reports
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={generateReport}>Driver pay analysis (12 weeks)</Menu.Item>
        <Menu.Item onClick={sendExports}>Driver exports for this week</Menu.Item>
        <Menu.Item onClick={sendNewDrivers}>New drivers CSV for this week</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
