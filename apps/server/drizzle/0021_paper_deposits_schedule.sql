ALTER TABLE "paper_accounts" ADD COLUMN "deposits" jsonb;--> statement-breakpoint
ALTER TABLE "paper_accounts" ADD COLUMN "scheduled_cancel_ms" bigint;