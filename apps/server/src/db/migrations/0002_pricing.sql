CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text,
	"service" text DEFAULT 'DOM' NOT NULL,
	"zone" text DEFAULT 'IRELAND' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pricing" jsonb NOT NULL,
	"tariff_code_id" integer NOT NULL,
	"carrier_id" integer,
	"price_increase_ran" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"polygon" jsonb,
	"colour" text DEFAULT '#1c7ed6' NOT NULL,
	CONSTRAINT "zones_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "job_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"entity_id" text,
	"message" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"params" jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure" text
);
--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_zone_zones_name_fk" FOREIGN KEY ("zone") REFERENCES "public"."zones"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_tariff_code_id_tariff_codes_id_fk" FOREIGN KEY ("tariff_code_id") REFERENCES "public"."tariff_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_log" ADD CONSTRAINT "job_log_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_identity_unique" ON "tariffs" USING btree (coalesce("account", ''),"tariff_code_id",coalesce("carrier_id", 0),"service","zone");--> statement-breakpoint
CREATE INDEX "tariffs_account_idx" ON "tariffs" USING btree ("account");--> statement-breakpoint
CREATE INDEX "tariffs_carrier_idx" ON "tariffs" USING btree ("carrier_id","service");--> statement-breakpoint
CREATE INDEX "job_log_job_idx" ON "job_log" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "jobs_kind_idx" ON "jobs" USING btree ("kind","id");