CREATE TABLE "data_breaches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"description" text NOT NULL,
	"occurred_at" timestamp with time zone,
	"found_at" timestamp with time zone NOT NULL,
	"data_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"people_affected" integer NOT NULL,
	"measures" text DEFAULT '' NOT NULL,
	"shoppers_told_at" timestamp with time zone,
	"board_reported_at" timestamp with time zone,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_breaches_people_check" CHECK ("data_breaches"."people_affected" >= 0)
);
--> statement-breakpoint
ALTER TABLE "data_breaches" ADD CONSTRAINT "data_breaches_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_breaches" ADD CONSTRAINT "data_breaches_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_breaches_store_found_idx" ON "data_breaches" USING btree ("store_id","found_at");