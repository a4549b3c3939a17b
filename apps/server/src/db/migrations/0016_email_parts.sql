CREATE TABLE "email_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"filename" text,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_parts" ADD CONSTRAINT "email_parts_run_id_background_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."background_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_parts_run_position_unique" ON "email_parts" USING btree ("run_id","position");