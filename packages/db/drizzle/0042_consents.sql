CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"notice_version" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"source" text NOT NULL,
	CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" IN ('marketing_email', 'whatsapp_updates', 'push', 'course_photos')),
	CONSTRAINT "consents_source_check" CHECK ("consents"."source" IN ('sign_up', 'privacy_page', 'checkout', 'push_opt_in', 'admission'))
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","purpose","given_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_standing_idx" ON "consents" USING btree ("user_id","purpose") WHERE "consents"."withdrawn_at" IS NULL;