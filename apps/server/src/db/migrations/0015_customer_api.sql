CREATE TABLE "customer_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"collection_place_id" integer NOT NULL,
	"delivery_place_id" integer NOT NULL,
	"distance" integer,
	"service_id" integer NOT NULL,
	"number_of_packages" integer DEFAULT 1 NOT NULL,
	"weight_of_packages" numeric(10, 2) DEFAULT '0' NOT NULL,
	"tariff_id" integer,
	"charge" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"booking_id" integer,
	CONSTRAINT "customer_quotes_uid_unique" UNIQUE("uid"),
	CONSTRAINT "customer_quotes_amounts_check" CHECK ("customer_quotes"."charge" >= 0 and "customer_quotes"."weight_of_packages" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"cause_kind" text NOT NULL,
	"caused_by_user_id" integer,
	"caused_by" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	CONSTRAINT "job_status_events_cause_kind_check" CHECK ("job_status_events"."cause_kind" in ('user', 'system', 'driver'))
);
--> statement-breakpoint
ALTER TABLE "customer_quotes" ADD CONSTRAINT "customer_quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_quotes" ADD CONSTRAINT "customer_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_quotes" ADD CONSTRAINT "customer_quotes_collection_place_id_places_id_fk" FOREIGN KEY ("collection_place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_quotes" ADD CONSTRAINT "customer_quotes_delivery_place_id_places_id_fk" FOREIGN KEY ("delivery_place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_quotes" ADD CONSTRAINT "customer_quotes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_quotes" ADD CONSTRAINT "customer_quotes_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_quotes" ADD CONSTRAINT "customer_quotes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_events" ADD CONSTRAINT "job_status_events_job_id_booking_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."booking_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_events" ADD CONSTRAINT "job_status_events_caused_by_user_id_users_id_fk" FOREIGN KEY ("caused_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_quotes_company_idx" ON "customer_quotes" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "job_status_events_at_idx" ON "job_status_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "job_status_events_job_idx" ON "job_status_events" USING btree ("job_id","at","id");