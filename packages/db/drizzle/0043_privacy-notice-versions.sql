CREATE TABLE "privacy_notice_versions" (
	"store_id" text NOT NULL,
	"version" text NOT NULL,
	"content" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_notice_versions_store_id_version_pk" PRIMARY KEY("store_id","version")
);
--> statement-breakpoint
ALTER TABLE "privacy_notice_versions" ADD CONSTRAINT "privacy_notice_versions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;