-- pg_trgm powers the contains-search indexes (companies, places).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "auth_attempts" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stripe_id" text,
	"ip" text,
	"last_online" timestamp with time zone,
	"last_login_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "billing_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"ground_invoices" boolean DEFAULT true NOT NULL,
	"overnight_invoices" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_code" text,
	"quantum_account_code" text,
	"tariff_code" integer,
	"default_place_id" text,
	"billing_basis" text DEFAULT 'stripeCompany' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_booking" timestamp with time zone,
	"phone" text,
	"account_billing_started" timestamp with time zone,
	"pricer" text,
	"stripe_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"billing_email" text
);
--> statement-breakpoint
CREATE TABLE "company_extended_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"is_default" boolean DEFAULT true NOT NULL,
	"sms_updates" boolean DEFAULT false NOT NULL,
	"display_drop_time" boolean DEFAULT false NOT NULL,
	"allow_add_reference" boolean DEFAULT true NOT NULL,
	"international_cut_off" text,
	"special_cut_off" text,
	"saturday_bookings" boolean DEFAULT false NOT NULL,
	"sunday_bookings" boolean DEFAULT false NOT NULL,
	"ledger_account_code" text,
	"invoice_interval" text DEFAULT 'M' NOT NULL,
	"invoice_format" text DEFAULT 'legacy' NOT NULL,
	"on_invoice_format" text DEFAULT 'new' NOT NULL,
	"default_vat_code" text DEFAULT 'STD' NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"discount_two_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"surcharge_name_one" text,
	"surcharge_rate_one" numeric(6, 2),
	"surcharge_name_two" text,
	"surcharge_rate_two" numeric(6, 2),
	"surcharge_name_three" text,
	"surcharge_rate_three" numeric(6, 2),
	"allow_view_invoices" boolean DEFAULT true NOT NULL,
	"hold_message" text,
	"telephonist_message" text,
	"purchase_order_number" text,
	"scratch_pad" text,
	"scratch_pad_admin_panel" text,
	"billing_address_name" text,
	"billing_address_line_one" text,
	"billing_address_line_two" text,
	"billing_address_line_three" text,
	"billing_address_city" text,
	"billing_address_county" text,
	"billing_address_postcode" text,
	"billing_address_region" text,
	"billing_address_country" text DEFAULT 'IE' NOT NULL,
	"block_green_surcharge" boolean DEFAULT false NOT NULL,
	"single_invoice" boolean DEFAULT true NOT NULL,
	"invoice_digital_copy" boolean DEFAULT true NOT NULL,
	"invoice_billing_contacts" boolean DEFAULT false NOT NULL,
	"credit_control_code" text DEFAULT 'AOIFE' NOT NULL,
	"vat_number" text
);
--> statement-breakpoint
CREATE TABLE "company_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"cyclone_allow_booking" boolean DEFAULT true NOT NULL,
	"cyclone_allow_tracking" boolean DEFAULT true NOT NULL,
	"reference_required" boolean DEFAULT false NOT NULL,
	"cyclone_display_price" boolean DEFAULT true NOT NULL,
	"loyalty_discount" boolean DEFAULT false NOT NULL,
	"disable_waiting_time" boolean DEFAULT false NOT NULL,
	"review_all_bookings" boolean DEFAULT false NOT NULL,
	"sales_rep_id" integer,
	"cyclone_surcharge_tier" text DEFAULT 'TIER_ZERO' NOT NULL,
	"admin_surcharge_tier" text DEFAULT 'TIER_ZERO' NOT NULL,
	"parent_billing_company" integer
);
--> statement-breakpoint
CREATE TABLE "company_users" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_users_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"field" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "carriers_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_number" integer NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"vehicle" text NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_online" timestamp with time zone,
	"blocked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drivers_driver_number_unique" UNIQUE("driver_number")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" text NOT NULL,
	"name" text NOT NULL,
	"address_line_one" text DEFAULT '' NOT NULL,
	"address_line_two" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"county" text DEFAULT '' NOT NULL,
	"post_code" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT 'IE' NOT NULL,
	"country" text DEFAULT 'IRELAND, REPUBLIC OF' NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_place_id_unique" UNIQUE("place_id")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"service" text NOT NULL,
	"service_code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "services_service_code_unique" UNIQUE("service_code")
);
--> statement-breakpoint
CREATE TABLE "tariff_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tariff_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_contacts" ADD CONSTRAINT "billing_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tariff_code_tariff_codes_id_fk" FOREIGN KEY ("tariff_code") REFERENCES "public"."tariff_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_extended_settings" ADD CONSTRAINT "company_extended_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_sales_rep_id_users_id_fk" FOREIGN KEY ("sales_rep_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_settings" ADD CONSTRAINT "company_settings_parent_billing_company_companies_id_fk" FOREIGN KEY ("parent_billing_company") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_attempts_email_idx" ON "auth_attempts" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_email_idx" ON "sign_in_failures" USING btree ("email","failed_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_ip_idx" ON "sign_in_failures" USING btree ("ip","failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "billing_contacts_company_idx" ON "billing_contacts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "companies_name_lower_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "companies_account_code_lower_idx" ON "companies" USING btree (lower("account_code"));--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_account_code_trgm_idx" ON "companies" USING gin (lower("account_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_users_user_idx" ON "company_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "drivers_last_online_idx" ON "drivers" USING btree ("last_online");--> statement-breakpoint
CREATE INDEX "places_search_trgm_idx" ON "places" USING gin (lower("name" || ' ' || "address_line_one" || ' ' || "address_line_two" || ' ' || "city" || ' ' || "county" || ' ' || "post_code" || ' ' || replace("post_code", ' ', '')) gin_trgm_ops);