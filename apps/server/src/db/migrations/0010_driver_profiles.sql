CREATE TABLE "dispatch_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role" text,
	"rooms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatch_profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "dispatch_profiles_role_check" CHECK ("dispatch_profiles"."role" is null or "dispatch_profiles"."role" in ('DRIVER', 'DISPATCHER'))
);
--> statement-breakpoint
CREATE TABLE "driver_licence_files" (
	"driver_id" integer PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_licence_files_size_check" CHECK ("driver_licence_files"."size" = octet_length("driver_licence_files"."content"))
);
--> statement-breakpoint
CREATE TABLE "driver_profiles" (
	"driver_id" integer PRIMARY KEY NOT NULL,
	"personal" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"right_to_work" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"licence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"vehicle" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"emergency" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consents" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispatch_profiles" ADD CONSTRAINT "dispatch_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_profiles" ADD CONSTRAINT "dispatch_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_licence_files" ADD CONSTRAINT "driver_licence_files_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_licence_files" ADD CONSTRAINT "driver_licence_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD CONSTRAINT "driver_profiles_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_profiles" ADD CONSTRAINT "driver_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;