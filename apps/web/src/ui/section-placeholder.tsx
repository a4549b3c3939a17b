import { useLoaderData } from '@tanstack/react-router';
import { NotAvailableYet } from '@/ui/not-available.tsx';

/** Guarded screens whose issues have not landed: an honest panel, never fake data. */
export function SectionPlaceholder() {
  const data = useLoaderData({ strict: false }) as { title?: string } | undefined;
  return <NotAvailableYet screen={data?.title ?? 'This screen'} />;
}
