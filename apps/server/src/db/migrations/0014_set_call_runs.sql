ALTER TABLE "booking_tasks" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_tasks" ADD COLUMN "contact_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "set_call_date" date;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_set_call_date_unique" ON "bookings" USING btree ("set_call_id","set_call_date") WHERE "bookings"."set_call_id" is not null;