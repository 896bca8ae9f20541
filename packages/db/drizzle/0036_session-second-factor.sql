ALTER TABLE "refresh_tokens" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;
-- Sessions begun before this column cannot tell whether they passed the emailed code: in a store that asks for it, their admin sessions end at their next refresh or admin call (staff sign in again with the code; issue 58 item 5). Elsewhere nothing changes until the store turns the code on.
