-- Background "jobs" become background "runs" (docs/decisions/007): renamed in place, so existing
-- runs and their log lines survive. Then retries (max_attempts, run_after), the schedule slot a
-- run was fired for (unique per schedule and slot) and the schedules table.
ALTER TABLE "jobs" RENAME TO "background_runs";--> statement-breakpoint
ALTER TABLE "job_log" RENAME TO "background_run_log";--> statement-breakpoint
ALTER TABLE "background_run_log" RENAME COLUMN "job_id" TO "run_id";--> statement-breakpoint
ALTER TABLE "background_runs" RENAME CONSTRAINT "jobs_pkey" TO "background_runs_pkey";--> statement-breakpoint
ALTER TABLE "background_run_log" RENAME CONSTRAINT "job_log_pkey" TO "background_run_log_pkey";--> statement-breakpoint
ALTER SEQUENCE "jobs_id_seq" RENAME TO "background_runs_id_seq";--> statement-breakpoint
ALTER SEQUENCE "job_log_id_seq" RENAME TO "background_run_log_id_seq";--> statement-breakpoint
ALTER TABLE "background_run_log" RENAME CONSTRAINT "job_log_job_id_jobs_id_fk" TO "background_run_log_run_id_background_runs_id_fk";--> statement-breakpoint
ALTER TABLE "background_runs" RENAME CONSTRAINT "jobs_created_by_users_id_fk" TO "background_runs_created_by_users_id_fk";--> statement-breakpoint
ALTER INDEX "job_log_job_idx" RENAME TO "background_run_log_run_idx";--> statement-breakpoint
ALTER INDEX "jobs_status_idx" RENAME TO "background_runs_status_idx";--> statement-breakpoint
ALTER INDEX "jobs_kind_idx" RENAME TO "background_runs_kind_idx";--> statement-breakpoint
ALTER TABLE "background_runs" ADD COLUMN "max_attempts" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "background_runs" ADD COLUMN "run_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "background_runs" ADD COLUMN "schedule_name" text;--> statement-breakpoint
ALTER TABLE "background_runs" ADD COLUMN "slot" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "background_runs_created_at_idx" ON "background_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "background_runs_schedule_slot_unique" ON "background_runs" USING btree ("schedule_name","slot");--> statement-breakpoint
CREATE TABLE "background_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rule" text NOT NULL,
	"time_zone" text DEFAULT 'Europe/Dublin' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_slot" timestamp with time zone NOT NULL,
	"last_slot" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "background_schedules_due_idx" ON "background_schedules" USING btree ("next_slot") WHERE "background_schedules"."enabled";
