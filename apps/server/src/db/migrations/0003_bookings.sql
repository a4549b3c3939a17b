CREATE TABLE "booking_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"tariff_id" integer,
	"carrier_tariff_id" integer,
	"tariff_code_id" integer,
	"carrier_id" integer,
	"customer_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"driver_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"driver_number" integer,
	"driver_two_number" integer,
	"carrier_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"carrier_customs_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"carrier_insurance_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"extras_charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"extras_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extras_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"charge_refs" text[] DEFAULT '{}'::text[] NOT NULL,
	"internal_notes" text DEFAULT '' NOT NULL,
	"invoice_period_id" integer,
	"collection_place_id" integer,
	"delivery_place_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status_update" timestamp with time zone,
	"collection_eta" timestamp with time zone,
	"delivery_eta" timestamp with time zone,
	"windows" jsonb DEFAULT '{"collectionStart":null,"collectionEnd":null,"deliveryStart":null,"deliveryEnd":null}'::jsonb NOT NULL,
	"collected_at" timestamp with time zone,
	"delivery_time" timestamp with time zone,
	"signed_by" text,
	"needs_same_day_review" boolean DEFAULT false NOT NULL,
	"needs_same_day_review_reason" text,
	"needs_carrier_review" boolean DEFAULT false NOT NULL,
	"needs_carrier_review_reason" text,
	"price_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "booking_jobs_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "booking_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"job_id" integer NOT NULL,
	"type" text NOT NULL,
	"area" text,
	"status" text NOT NULL,
	"driver_id" integer,
	"driver_pay" numeric(12, 2) DEFAULT '0' NOT NULL,
	"driver_pay_extra" numeric(12, 2) DEFAULT '0' NOT NULL,
	"quantum_docket" text,
	"completed_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_tasks_reference_unique" UNIQUE("reference"),
	CONSTRAINT "booking_tasks_driver_pay_check" CHECK ("booking_tasks"."driver_pay" >= 0 and "booking_tasks"."driver_pay_extra" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"company_id" integer NOT NULL,
	"company_references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" integer,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration" integer,
	"service_id" integer NOT NULL,
	"type" text NOT NULL,
	"vehicle" text,
	"distance" integer,
	"collection_time" timestamp with time zone,
	"return" boolean DEFAULT false NOT NULL,
	"set_call_id" integer,
	"number_of_packages" integer DEFAULT 1 NOT NULL,
	"weight_of_packages" numeric(10, 2) DEFAULT '0' NOT NULL,
	"package_type" text,
	"package_size" text,
	"status" text NOT NULL,
	"ex_vat_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"driver_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"goods_description" text DEFAULT '' NOT NULL,
	"price_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bookings_packages_check" CHECK ("bookings"."number_of_packages" >= 0),
	CONSTRAINT "bookings_weight_check" CHECK ("bookings"."weight_of_packages" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_price_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"type" text NOT NULL,
	"task_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"internal_description" text DEFAULT '' NOT NULL,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"charge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"show_to_customer" boolean DEFAULT false NOT NULL,
	"apply_surcharge" boolean DEFAULT false NOT NULL,
	"invoice_period_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_price_adjustments_amounts_check" CHECK ("job_price_adjustments"."cost" >= 0 and "job_price_adjustments"."charge" >= 0)
);
--> statement-breakpoint
ALTER TABLE "booking_jobs" ADD CONSTRAINT "booking_jobs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_jobs" ADD CONSTRAINT "booking_jobs_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_jobs" ADD CONSTRAINT "booking_jobs_carrier_tariff_id_tariffs_id_fk" FOREIGN KEY ("carrier_tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_jobs" ADD CONSTRAINT "booking_jobs_tariff_code_id_tariff_codes_id_fk" FOREIGN KEY ("tariff_code_id") REFERENCES "public"."tariff_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_jobs" ADD CONSTRAINT "booking_jobs_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_jobs" ADD CONSTRAINT "booking_jobs_collection_place_id_places_id_fk" FOREIGN KEY ("collection_place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_jobs" ADD CONSTRAINT "booking_jobs_delivery_place_id_places_id_fk" FOREIGN KEY ("delivery_place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tasks" ADD CONSTRAINT "booking_tasks_job_id_booking_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."booking_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_tasks" ADD CONSTRAINT "booking_tasks_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_price_adjustments" ADD CONSTRAINT "job_price_adjustments_job_id_booking_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."booking_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_price_adjustments" ADD CONSTRAINT "job_price_adjustments_task_id_booking_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."booking_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_jobs_booking_idx" ON "booking_jobs" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_jobs_reference_trgm_idx" ON "booking_jobs" USING gin (lower("reference") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_jobs_tags_idx" ON "booking_jobs" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "booking_jobs_driver_number_idx" ON "booking_jobs" USING btree ("driver_number");--> statement-breakpoint
CREATE INDEX "booking_jobs_driver_two_number_idx" ON "booking_jobs" USING btree ("driver_two_number");--> statement-breakpoint
CREATE INDEX "booking_jobs_carrier_idx" ON "booking_jobs" USING btree ("carrier_id");--> statement-breakpoint
CREATE INDEX "booking_jobs_tariff_code_idx" ON "booking_jobs" USING btree ("tariff_code_id");--> statement-breakpoint
CREATE INDEX "booking_jobs_invoice_period_idx" ON "booking_jobs" USING btree ("invoice_period_id");--> statement-breakpoint
CREATE INDEX "booking_jobs_collection_place_idx" ON "booking_jobs" USING btree ("collection_place_id");--> statement-breakpoint
CREATE INDEX "booking_jobs_delivery_place_idx" ON "booking_jobs" USING btree ("delivery_place_id");--> statement-breakpoint
CREATE INDEX "booking_jobs_carrier_price_idx" ON "booking_jobs" USING btree ("carrier_price");--> statement-breakpoint
CREATE INDEX "booking_jobs_same_day_review_idx" ON "booking_jobs" USING btree ("booking_id") WHERE "booking_jobs"."needs_same_day_review";--> statement-breakpoint
CREATE INDEX "booking_jobs_carrier_review_idx" ON "booking_jobs" USING btree ("booking_id") WHERE "booking_jobs"."needs_carrier_review";--> statement-breakpoint
CREATE INDEX "booking_tasks_job_idx" ON "booking_tasks" USING btree ("job_id","position");--> statement-breakpoint
CREATE INDEX "booking_tasks_driver_idx" ON "booking_tasks" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_type_created_idx" ON "bookings" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_company_created_idx" ON "bookings" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_ex_vat_price_idx" ON "bookings" USING btree ("ex_vat_price","id");--> statement-breakpoint
CREATE INDEX "bookings_driver_price_idx" ON "bookings" USING btree ("driver_price","id");--> statement-breakpoint
CREATE INDEX "bookings_weight_idx" ON "bookings" USING btree ("weight_of_packages","id");--> statement-breakpoint
CREATE INDEX "bookings_reference_trgm_idx" ON "bookings" USING gin (lower("reference") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_service_idx" ON "bookings" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "job_price_adjustments_job_idx" ON "job_price_adjustments" USING btree ("job_id");