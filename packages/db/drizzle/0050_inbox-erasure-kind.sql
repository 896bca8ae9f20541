ALTER TABLE "inbox_notes" DROP CONSTRAINT "inbox_notes_kind";--> statement-breakpoint
ALTER TABLE "inbox_states" DROP CONSTRAINT "inbox_states_kind";--> statement-breakpoint
ALTER TABLE "inbox_notes" ADD CONSTRAINT "inbox_notes_kind" CHECK (kind IN ('lead', 'enquiry', 'quote', 'admission', 'erasure'));--> statement-breakpoint
ALTER TABLE "inbox_states" ADD CONSTRAINT "inbox_states_kind" CHECK (kind IN ('lead', 'enquiry', 'quote', 'admission', 'erasure'));