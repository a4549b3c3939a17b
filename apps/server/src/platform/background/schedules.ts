import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  latestSlotAtOrBefore,
  nextSlotAfter,
  parseScheduleRule,
  SCHEDULE_TIME_ZONE,
} from '@courier/domain/common/schedule-rule';
import type { Db } from '../../db/client.ts';
import { backgroundRuns, backgroundSchedules } from '../../db/schema/index.ts';
import { writeRunLog } from './run-log.ts';

/** Recurring background work an area declares: a run of `kind` with `params` at every slot of `rule`. */
export interface ScheduleDefinition {
  /** Unique and stable: the schedule's identity across restarts and servers. */
  name: string;
  kind: string;
  /** Standard 5-field cron rule (minute hour day-of-month month day-of-week), e.g. `0 6 * * 1-5`. */
  rule: string;
  params: Record<string, unknown>;
  /** The wall-clock time the rule is read in; Europe/Dublin unless said otherwise. */
  timeZone: string;
}

/**
 * Declares a schedule, checking its rule at once (a typo fails at start, not at 3 a.m.). Areas export
 * their definitions; main.ts registers them with registerSchedules.
 */
export function defineSchedule(
  definition: Omit<ScheduleDefinition, 'params' | 'timeZone'> &
    Partial<Pick<ScheduleDefinition, 'params' | 'timeZone'>>,
): ScheduleDefinition {
  const schedule = { params: {}, timeZone: SCHEDULE_TIME_ZONE, ...definition };
  let rule;
  try {
    rule = parseScheduleRule(schedule.rule);
  } catch (error) {
    throw new Error(`Schedule ${schedule.name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (!nextSlotAfter(rule, new Date(), schedule.timeZone))
    throw new Error(`Schedule ${schedule.name}: the rule "${schedule.rule}" never matches a date.`);
  return schedule;
}

/**
 * Creates or updates the schedules (at start, by every server: the same upsert twice is harmless). A
 * new schedule, or one whose rule or time zone changed, is next due at its first slot after `now`;
 * an unchanged one keeps its next slot, so a restart neither skips nor repeats a slot. `enabled` is
 * left as it is, so a schedule switched off stays off.
 */
export async function registerSchedules(
  db: Db,
  definitions: readonly ScheduleDefinition[],
  now: Date = new Date(),
): Promise<void> {
  for (const schedule of definitions) {
    const nextSlot = nextSlotAfter(schedule.rule, now, schedule.timeZone);
    if (!nextSlot) throw new Error(`Schedule ${schedule.name}: the rule "${schedule.rule}" never matches a date.`);
    await db
      .insert(backgroundSchedules)
      .values({
        name: schedule.name,
        kind: schedule.kind,
        params: schedule.params,
        rule: schedule.rule,
        timeZone: schedule.timeZone,
        nextSlot,
      })
      .onConflictDoUpdate({
        target: backgroundSchedules.name,
        set: {
          kind: sql`excluded.kind`,
          params: sql`excluded.params`,
          nextSlot: sql`case when ${backgroundSchedules.rule} = excluded.rule and ${backgroundSchedules.timeZone} = excluded.time_zone then ${backgroundSchedules.nextSlot} else excluded.next_slot end`,
          rule: sql`excluded.rule`,
          timeZone: sql`excluded.time_zone`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/**
 * Fires the enabled schedules of these kinds that are due at `now`: for each, in one transaction,
 * moves `next_slot` on with an update guarded by the slot it read, and queues the slot's run. Of
 * several servers racing for a slot only the first update matches (the others find next_slot moved
 * and do nothing), and the unique (schedule_name, slot) of runs backs that up. Slots missed while no
 * server ran collapse into the latest one: one run, not a storm. Returns the ids of the runs queued.
 */
export async function fireDueSchedules(
  db: Db,
  options: { kinds: readonly string[]; now: Date; onError?: (error: unknown) => void },
): Promise<number[]> {
  const { kinds, now } = options;
  if (kinds.length === 0) return [];
  const due = await db
    .select()
    .from(backgroundSchedules)
    .where(
      and(
        eq(backgroundSchedules.enabled, true),
        lte(backgroundSchedules.nextSlot, now),
        inArray(backgroundSchedules.kind, [...kinds]),
      ),
    );
  const queued: number[] = [];
  for (const schedule of due) {
    try {
      const id = await db.transaction(async (tx) => {
        const slot = latestSlotAtOrBefore(schedule.rule, schedule.nextSlot, now, schedule.timeZone);
        const next = nextSlotAfter(schedule.rule, slot, schedule.timeZone);
        const [claimed] = await tx
          .update(backgroundSchedules)
          .set({
            lastSlot: slot,
            // A rule with no slot left (it cannot happen for a rule defineSchedule accepted) switches itself off.
            ...(next ? { nextSlot: next } : { enabled: false }),
            updatedAt: sql`now()`,
          })
          .where(and(eq(backgroundSchedules.name, schedule.name), eq(backgroundSchedules.nextSlot, schedule.nextSlot)))
          .returning({ name: backgroundSchedules.name });
        if (!claimed) return null; // another server fired this slot
        const [run] = await tx
          .insert(backgroundRuns)
          .values({ kind: schedule.kind, params: schedule.params, scheduleName: schedule.name, slot })
          .onConflictDoNothing()
          .returning({ id: backgroundRuns.id });
        if (!run) return null;
        const missed = slot.getTime() > schedule.nextSlot.getTime();
        await writeRunLog(tx, run.id, [
          {
            level: 'info',
            message: `Queued by schedule ${schedule.name} (${schedule.rule}, ${schedule.timeZone}) for its slot at ${slot.toISOString()}${missed ? `; the slots from ${schedule.nextSlot.toISOString()} on were missed while no server ran and are not run again` : ''}.`,
          },
        ]);
        return run.id;
      });
      if (id !== null) queued.push(id);
    } catch (error) {
      // One broken schedule (a bad rule or time zone stored by hand) must not stop the others.
      options.onError?.(error);
    }
  }
  return queued;
}
