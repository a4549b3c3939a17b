import type { IncreaseRun } from '@courier/domain/pricing/schemas';
import { apiRequest } from '@/api/client.ts';
import { saveFile } from '@/ui/save-file.ts';

/**
 * Downloads the run's server log (spec 2 §8: a log file downloads either way). When the server's
 * log cannot be fetched, a summary log made here is downloaded instead (the fallback), and
 * `fallback` says so.
 */
export async function downloadIncreaseLog(run: IncreaseRun): Promise<{ fallback: boolean; reason?: string }> {
  try {
    const csv = await apiRequest<string>(run.logUrl.logs.replace(/^\/api/, ''), { expect: 200 });
    saveFile(`${run.kind}-${run.id}-log.csv`, csv, 'text/csv');
    return { fallback: false };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const summary = [
      `${run.kind} run ${run.id}`,
      `status: ${run.status}`,
      `tariffs: ${run.done} of ${run.total} done, ${run.errors} errors`,
      `started: ${run.startedAt ?? '-'}, finished: ${run.finishedAt ?? '-'}`,
      run.failure ? `failure: ${run.failure}` : '',
      `The server log could not be downloaded (${reason}). It stays on the server at ${run.logUrl.logs}.`,
    ].filter(Boolean);
    saveFile(`${run.kind}-${run.id}-summary.txt`, `${summary.join('\n')}\n`, 'text/plain');
    return { fallback: true, reason };
  }
}
