import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorState } from '@/ui/list-states.tsx';
import { RedirectLoopError } from './route-errors.ts';

/** What a route shows when its guard or loading fails, in place of its screen (inside the shell). */
export function RouteErrorState({ error }: ErrorComponentProps) {
  const router = useRouter();
  // The router's own limit ('Too many redirects') and ours: the same situation for the user.
  if (error instanceof RedirectLoopError || (error instanceof Error && error.message === 'Too many redirects'))
    return (
      <ErrorState
        title="This page could not be opened"
        subtitle="It kept sending the browser to another page, so it was stopped. Go to the start page or sign in again."
      />
    );
  return <ErrorState onRetry={() => void router.invalidate()} />;
}
