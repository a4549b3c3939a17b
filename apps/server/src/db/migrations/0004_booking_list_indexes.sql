DROP INDEX "bookings_created_idx";--> statement-breakpoint
DROP INDEX "bookings_type_created_idx";--> statement-breakpoint
DROP INDEX "bookings_company_created_idx";--> statement-breakpoint
DROP INDEX "bookings_status_created_idx";--> statement-breakpoint
CREATE INDEX "bookings_type_idx" ON "bookings" USING btree ("type");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_type_created_idx" ON "bookings" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_company_created_idx" ON "bookings" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_type_check" CHECK ("bookings"."type" in ('same_day', 'other'));