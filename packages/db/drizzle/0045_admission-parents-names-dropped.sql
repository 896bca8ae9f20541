ALTER TABLE "admissions" DROP COLUMN "father_name";--> statement-breakpoint
ALTER TABLE "admissions" DROP COLUMN "mother_name";