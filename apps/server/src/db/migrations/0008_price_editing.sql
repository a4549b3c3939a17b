CREATE TABLE "job_price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"task_id" integer,
	"field" text NOT NULL,
	"before" text,
	"after" text,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_jobs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_tasks" ADD COLUMN "pay_status" text DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_price_history" ADD CONSTRAINT "job_price_history_job_id_booking_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."booking_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_price_history" ADD CONSTRAINT "job_price_history_task_id_booking_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."booking_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_price_history" ADD CONSTRAINT "job_price_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_price_history_job_idx" ON "job_price_history" USING btree ("job_id","created_at");