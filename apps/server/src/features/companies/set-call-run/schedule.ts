import { setCallRunTimeFrom } from '../../../config.ts';
import { defineSchedule, type ScheduleDefinition } from '../../../platform/background/schedules.ts';
import { SET_CALL_RUN_KIND } from './run-handler.ts';

/**
 * Books each working day's set calls at SET_CALL_RUN_TIME (Europe/Dublin, default 05:00), Monday to
 * Friday; the run itself skips public holidays (irish-holidays.ts), which cron cannot know.
 */
export function setCallRunSchedule(env: NodeJS.ProcessEnv = process.env): ScheduleDefinition {
  const { hour, minute } = setCallRunTimeFrom(env);
  return defineSchedule({ name: 'set-call-bookings', kind: SET_CALL_RUN_KIND, rule: `${minute} ${hour} * * 1-5` });
}
