CREATE TABLE "pay_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_period_id" integer NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"is_deduction" boolean NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_adjustments_amount_check" CHECK ("pay_adjustments"."amount" > 0),
	CONSTRAINT "pay_adjustments_type_check" CHECK ("pay_adjustments"."type" in ('MANUAL_ADDITION', 'MANUAL_DEDUCTION', 'AUTO_BOOST', 'CARGO_RENTAL', 'EQUIPMENT_RENTAL'))
);
--> statement-breakpoint
CREATE TABLE "pay_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"driver_id" integer NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"days_worked" integer DEFAULT 0 NOT NULL,
	"days_booked_off" integer DEFAULT 0 NOT NULL,
	"days_missed" integer DEFAULT 0 NOT NULL,
	"fuel_percent" numeric(5, 2),
	"manual_boost" numeric(12, 2),
	"fuel_surcharge_override" numeric(12, 2),
	"attendance_bonus_override" numeric(12, 2),
	"cargo_bonus_override" numeric(12, 2),
	"helmet_bonus_override" numeric(12, 2),
	"back_box_bonus_override" numeric(12, 2),
	"base_pay" numeric(12, 2) DEFAULT '0' NOT NULL,
	"fuel_surcharge" numeric(12, 2) DEFAULT '0' NOT NULL,
	"attendance_bonus" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cargo_bonus" numeric(12, 2) DEFAULT '0' NOT NULL,
	"helmet_bonus" numeric(12, 2) DEFAULT '0' NOT NULL,
	"back_box_bonus" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_periods_driver_start_unique" UNIQUE("driver_id","start_day"),
	CONSTRAINT "pay_periods_week_check" CHECK (extract(isodow from "pay_periods"."start_day") = 1 and "pay_periods"."end_day" = "pay_periods"."start_day" + 6),
	CONSTRAINT "pay_periods_status_check" CHECK ("pay_periods"."status" in ('ACTIVE', 'IN_REVIEW', 'PENDING_PAYMENT', 'PAID')),
	CONSTRAINT "pay_periods_days_check" CHECK ("pay_periods"."days_worked" between 0 and 7 and "pay_periods"."days_booked_off" between 0 and 7 and "pay_periods"."days_missed" between 0 and 7),
	CONSTRAINT "pay_periods_total_check" CHECK ("pay_periods"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pay_adjustments" ADD CONSTRAINT "pay_adjustments_pay_period_id_pay_periods_id_fk" FOREIGN KEY ("pay_period_id") REFERENCES "public"."pay_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_adjustments" ADD CONSTRAINT "pay_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_periods" ADD CONSTRAINT "pay_periods_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_periods" ADD CONSTRAINT "pay_periods_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_adjustments_period_idx" ON "pay_adjustments" USING btree ("pay_period_id");--> statement-breakpoint
CREATE INDEX "pay_periods_start_idx" ON "pay_periods" USING btree ("start_day");--> statement-breakpoint
CREATE INDEX "pay_periods_status_end_idx" ON "pay_periods" USING btree ("status","end_day");