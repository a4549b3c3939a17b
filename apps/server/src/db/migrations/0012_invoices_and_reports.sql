CREATE TABLE "invoice_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"invoice_type" text NOT NULL,
	"number" text NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "invoice_documents_period_type_unique" UNIQUE("period_id","invoice_type")
);
--> statement-breakpoint
CREATE TABLE "invoice_number_series" (
	"name" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_report_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"requested_by" integer,
	"run_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text,
	"content" text,
	"row_count" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "invoice_report_requests_status_check" CHECK ("invoice_report_requests"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_periods" ADD COLUMN "finalised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_period_id_invoice_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."invoice_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_report_requests" ADD CONSTRAINT "invoice_report_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_report_requests" ADD CONSTRAINT "invoice_report_requests_run_id_background_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."background_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_report_requests_created_idx" ON "invoice_report_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);