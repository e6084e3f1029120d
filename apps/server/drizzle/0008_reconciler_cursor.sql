ALTER TABLE "exchange_cursors" ADD COLUMN "backfilled_from" bigint;--> statement-breakpoint
ALTER TABLE "exchange_cursors" ADD COLUMN "position_sig" text;--> statement-breakpoint
ALTER TABLE "exchange_cursors" ADD COLUMN "fills_read_at" timestamp with time zone;