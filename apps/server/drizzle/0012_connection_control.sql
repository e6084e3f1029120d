ALTER TABLE "exchange_credentials" ADD COLUMN "control" text;--> statement-breakpoint
ALTER TABLE "exchange_credentials" ADD COLUMN "control_checked_at" timestamp with time zone;