CREATE TABLE "admission_consent_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"admission_id" uuid NOT NULL,
	"parent_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admissions" ALTER COLUMN "aadhaar_sealed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ALTER COLUMN "aadhaar_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ALTER COLUMN "aadhaar_last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "guardian_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "guardian_relation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "guardian_mobile" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "guardian2_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "guardian2_relation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "guardian2_mobile" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "parent_consent_method" text;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "parent_consent_by" uuid;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "parent_consent_email" text;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "parent_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admission_consent_requests" ADD CONSTRAINT "admission_consent_requests_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_consent_requests" ADD CONSTRAINT "admission_consent_requests_admission_id_admissions_id_fk" FOREIGN KEY ("admission_id") REFERENCES "public"."admissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_consent_requests_token_key" ON "admission_consent_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admission_consent_requests_admission_idx" ON "admission_consent_requests" USING btree ("admission_id");--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_parent_consent_by_users_id_fk" FOREIGN KEY ("parent_consent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admissions_store_submitted_idx" ON "admissions" USING btree ("store_id","submitted_at");--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_aadhaar_all_or_none" CHECK (("admissions"."aadhaar_sealed" IS NULL) = ("admissions"."aadhaar_hash" IS NULL) AND ("admissions"."aadhaar_hash" IS NULL) = ("admissions"."aadhaar_last4" IS NULL));--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_parent_consent" CHECK (("admissions"."parent_consent_method" IS NULL OR "admissions"."parent_consent_method" in ('declared', 'parent_account')) AND ("admissions"."parent_consent_method" IS NULL) = ("admissions"."parent_consent_at" IS NULL));--> statement-breakpoint
-- Admissions made before: the father is the parent asked for, the mother the second; each was submitted when made.
UPDATE "admissions" SET "guardian_name" = "father_name", "guardian_relation" = 'Father', "guardian_mobile" = "mobile", "guardian2_name" = "mother_name", "guardian2_relation" = CASE WHEN "mother_name" <> '' THEN 'Mother' ELSE '' END, "submitted_at" = "created_at";
