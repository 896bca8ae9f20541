CREATE TABLE "admission_aadhaar_reveals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"admission_id" uuid NOT NULL,
	"revealed_by" uuid,
	"revealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"father_name" text NOT NULL,
	"mother_name" text NOT NULL,
	"dob" text DEFAULT '' NOT NULL,
	"aadhaar_sealed" text NOT NULL,
	"aadhaar_hash" text NOT NULL,
	"aadhaar_last4" text NOT NULL,
	"gender" text NOT NULL,
	"school" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"pincode" text NOT NULL,
	"mobile" text NOT NULL,
	"email" text NOT NULL,
	"center" text NOT NULL,
	"rules_agreed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admissions_aadhaar_last4" CHECK ("admissions"."aadhaar_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "admissions_aadhaar_sealed" CHECK ("admissions"."aadhaar_sealed" LIKE 'v1.%'),
	CONSTRAINT "admissions_rules_agreed" CHECK ("admissions"."rules_agreed")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "admission_id" uuid;--> statement-breakpoint
ALTER TABLE "admission_aadhaar_reveals" ADD CONSTRAINT "admission_aadhaar_reveals_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_aadhaar_reveals" ADD CONSTRAINT "admission_aadhaar_reveals_admission_id_admissions_id_fk" FOREIGN KEY ("admission_id") REFERENCES "public"."admissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_aadhaar_reveals" ADD CONSTRAINT "admission_aadhaar_reveals_revealed_by_users_id_fk" FOREIGN KEY ("revealed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admission_aadhaar_reveals_admission_idx" ON "admission_aadhaar_reveals" USING btree ("admission_id","revealed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admissions_user_key" ON "admissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "admissions_store_aadhaar_hash_idx" ON "admissions" USING btree ("store_id","aadhaar_hash");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_admission_id_admissions_id_fk" FOREIGN KEY ("admission_id") REFERENCES "public"."admissions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_admission_idx" ON "orders" USING btree ("admission_id") WHERE "orders"."admission_id" IS NOT NULL;