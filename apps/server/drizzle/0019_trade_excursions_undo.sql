ALTER TABLE "trades" ADD COLUMN "mfe_r" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "mae_r" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "undo" jsonb;