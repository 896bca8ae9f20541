CREATE TABLE "tax_document_counters" (
	"store_id" text NOT NULL,
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "tax_document_counters_store_id_kind_financial_year_pk" PRIMARY KEY("store_id","kind","financial_year"),
	CONSTRAINT "tax_document_counters_kind" CHECK ("tax_document_counters"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "tax_document_counters_year" CHECK ("tax_document_counters"."financial_year" ~ '^[0-9]{4}$'),
	CONSTRAINT "tax_document_counters_positive" CHECK ("tax_document_counters"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind" CHECK ("tax_documents"."kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_number_format" CHECK ("tax_documents"."number" ~ '^[A-Za-z0-9/-]{1,16}$'),
	CONSTRAINT "tax_documents_sequence_positive" CHECK ("tax_documents"."sequence" >= 1)
);
--> statement-breakpoint
ALTER TABLE "tax_document_counters" ADD CONSTRAINT "tax_document_counters_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_store_kind_number_key" ON "tax_documents" USING btree ("store_id","kind","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_store_kind_year_sequence_key" ON "tax_documents" USING btree ("store_id","kind","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_kind_key" ON "tax_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "tax_documents_store_issued_idx" ON "tax_documents" USING btree ("store_id","issued_at");