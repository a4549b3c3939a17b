CREATE TABLE "address_book_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"entry_name" text NOT NULL,
	"name" text NOT NULL,
	"address_line_one" text NOT NULL,
	"address_line_two" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"county" text NOT NULL,
	"post_code" text NOT NULL,
	"country" text NOT NULL,
	"country_code" text NOT NULL,
	"latitude" numeric(9, 6) NOT NULL,
	"longitude" numeric(9, 6) NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_references" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"header" text NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"show_config" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"total" numeric(3, 1) NOT NULL,
	"speed" integer NOT NULL,
	"driver" integer NOT NULL,
	"value" integer NOT NULL,
	"feedback" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "set_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"push_holidays" boolean DEFAULT false NOT NULL,
	"return" boolean DEFAULT false NOT NULL,
	"email_confirmation" boolean DEFAULT false NOT NULL,
	"collection_name" text DEFAULT '' NOT NULL,
	"collection_phone" text DEFAULT '' NOT NULL,
	"delivery_name" text DEFAULT '' NOT NULL,
	"delivery_phone" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"quantum_ref" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"pricing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"driver" integer,
	"is_documents" boolean DEFAULT false NOT NULL,
	"weight_of_packages" numeric(10, 2),
	"number_of_packages" integer,
	"goods_description" text DEFAULT '' NOT NULL,
	"service_id" integer,
	"collection_place_id" text,
	"delivery_place_id" text,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "address_book_entries" ADD CONSTRAINT "address_book_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_references" ADD CONSTRAINT "company_references_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_calls" ADD CONSTRAINT "set_calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_calls" ADD CONSTRAINT "set_calls_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_book_entries_company_idx" ON "address_book_entries" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_references_company_idx" ON "company_references" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "set_calls_company_idx" ON "set_calls" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "set_calls_active_idx" ON "set_calls" USING btree ("active") WHERE "set_calls"."active";