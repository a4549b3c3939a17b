CREATE TABLE "invoice_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"status" text NOT NULL,
	"start" date NOT NULL,
	"end" date NOT NULL,
	"invoice_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_periods_status_check" CHECK ("invoice_periods"."status" in ('ACTIVE', 'IN_REVIEW', 'FINALISED', 'INVOICED')),
	CONSTRAINT "invoice_periods_dates_check" CHECK ("invoice_periods"."end" >= "invoice_periods"."start")
);
--> statement-breakpoint
ALTER TABLE "invoice_periods" ADD CONSTRAINT "invoice_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_periods_company_end_idx" ON "invoice_periods" USING btree ("company_id","end");--> statement-breakpoint
-- Until now the ids were plain integers and no period existed, so any id held is dangling: clear it, or the keys below cannot be added.
UPDATE "booking_jobs" SET "invoice_period_id" = NULL WHERE "invoice_period_id" IS NOT NULL;--> statement-breakpoint
UPDATE "job_price_adjustments" SET "invoice_period_id" = NULL WHERE "invoice_period_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_jobs" ADD CONSTRAINT "booking_jobs_invoice_period_id_invoice_periods_id_fk" FOREIGN KEY ("invoice_period_id") REFERENCES "public"."invoice_periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_price_adjustments" ADD CONSTRAINT "job_price_adjustments_invoice_period_id_invoice_periods_id_fk" FOREIGN KEY ("invoice_period_id") REFERENCES "public"."invoice_periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_price_adjustments_invoice_period_idx" ON "job_price_adjustments" USING btree ("invoice_period_id");