ALTER TABLE "trades" ADD COLUMN "board_id" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "board_name" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "source" text DEFAULT 'journal' NOT NULL;