CREATE TABLE "inbox_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"author_id" uuid,
	"author_email" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_notes_kind" CHECK (kind IN ('lead', 'enquiry', 'quote', 'admission')),
	CONSTRAINT "inbox_notes_text_length" CHECK (char_length("inbox_notes"."text") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "inbox_states" (
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"assignee_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_states_kind_item_id_pk" PRIMARY KEY("kind","item_id"),
	CONSTRAINT "inbox_states_kind" CHECK (kind IN ('lead', 'enquiry', 'quote', 'admission')),
	CONSTRAINT "inbox_states_status" CHECK ("inbox_states"."status" IN ('new', 'contacted', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_states" ADD CONSTRAINT "inbox_states_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_states" ADD CONSTRAINT "inbox_states_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_notes_item_idx" ON "inbox_notes" USING btree ("kind","item_id","created_at");--> statement-breakpoint
CREATE INDEX "inbox_states_store_status_idx" ON "inbox_states" USING btree ("store_id","status");--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_low_stock_threshold" CHECK ("store_settings"."low_stock_threshold" >= 0);