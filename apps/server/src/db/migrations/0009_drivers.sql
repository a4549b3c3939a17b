CREATE TABLE "dispatch_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "dispatch_rooms_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "driver_equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"type" text NOT NULL,
	"serial_number" text NOT NULL,
	"given_date" date NOT NULL,
	"given_by" text NOT NULL,
	"returned_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_equipment_returned_check" CHECK ("driver_equipment"."returned_date" is null or "driver_equipment"."returned_date" >= "driver_equipment"."given_date")
);
--> statement-breakpoint
CREATE TABLE "driver_pay_settings" (
	"driver_id" integer PRIMARY KEY NOT NULL,
	"pay_frequency" text NOT NULL,
	"min_pay" numeric(12, 2) DEFAULT '0' NOT NULL,
	"max_boost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"attendance_bonus_one_day" numeric(5, 2) DEFAULT '0' NOT NULL,
	"attendance_bonus_two_day" numeric(5, 2) DEFAULT '0' NOT NULL,
	"attendance_bonus_three_day" numeric(5, 2) DEFAULT '0' NOT NULL,
	"attendance_bonus_four_day" numeric(5, 2) DEFAULT '0' NOT NULL,
	"attendance_bonus_five_day" numeric(5, 2) DEFAULT '0' NOT NULL,
	"cargo_bonus_rate" numeric(12, 2) DEFAULT '0' NOT NULL,
	"helmet_bonus_rate" numeric(12, 2) DEFAULT '0' NOT NULL,
	"back_box_bonus_rate" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cargo_rental_deduction" numeric(12, 2) DEFAULT '0' NOT NULL,
	"equipment_rental_deduction" numeric(12, 2) DEFAULT '0' NOT NULL,
	"apply_fuel_surcharge" boolean DEFAULT false NOT NULL,
	"driver_type" text DEFAULT '' NOT NULL,
	"tripsheet_email" text NOT NULL,
	"address_id" integer NOT NULL,
	"tax_number" text NOT NULL,
	"vat_registered" boolean DEFAULT false NOT NULL,
	"send_information" boolean DEFAULT false NOT NULL,
	"grouped_account" text DEFAULT '' NOT NULL,
	"debtors_ledger" text DEFAULT '' NOT NULL,
	"creditors_ledger" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "driver_pay_settings_amounts_check" CHECK ("driver_pay_settings"."min_pay" >= 0 and "driver_pay_settings"."max_boost" >= 0 and "driver_pay_settings"."cargo_bonus_rate" >= 0 and "driver_pay_settings"."helmet_bonus_rate" >= 0 and "driver_pay_settings"."back_box_bonus_rate" >= 0 and "driver_pay_settings"."cargo_rental_deduction" >= 0 and "driver_pay_settings"."equipment_rental_deduction" >= 0)
);
--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "vehicle_registration" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "rooms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "driver_equipment" ADD CONSTRAINT "driver_equipment_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_pay_settings" ADD CONSTRAINT "driver_pay_settings_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_pay_settings" ADD CONSTRAINT "driver_pay_settings_address_id_places_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_pay_settings" ADD CONSTRAINT "driver_pay_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "driver_equipment_driver_idx" ON "driver_equipment" USING btree ("driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_email_lower_unique" ON "drivers" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_uuid_unique" UNIQUE("uuid");