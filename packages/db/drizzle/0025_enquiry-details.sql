ALTER TABLE "inquiries" ADD COLUMN "parent_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "dob" date;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "age" smallint;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_age_range" CHECK ("inquiries"."age" BETWEEN 0 AND 120);
