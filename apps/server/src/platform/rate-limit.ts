/** Minutes until the oldest counted event leaves the window, at least 1: what a 429 tells the user. */
export function minutesUntilRetry(oldest: Date | null, windowMs: number, now = Date.now()): number {
  if (!oldest) return Math.ceil(windowMs / 60_000);
  return Math.max(1, Math.ceil((oldest.getTime() + windowMs - now) / 60_000));
}

export function retryText(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
