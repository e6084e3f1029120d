ALTER TABLE "risk_states" ADD COLUMN "pending_settings" jsonb;--> statement-breakpoint
ALTER TABLE "risk_states" ADD COLUMN "trading_day" jsonb;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "tier" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "cells" jsonb;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "target_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "size_usd" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "quantity" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "risk_usd" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "size_estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "streak_at_open" integer;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "account_size_at_open" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "exit_price" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "r_multiple" numeric;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "pnl_usd" numeric;--> statement-breakpoint
CREATE INDEX "trades_closed_user_idx" ON "trades" USING btree ("user_id","status","pnl_usd","risk_reward_ratio") WHERE "trades"."status" <> 'OPEN';--> statement-breakpoint
-- Data migration (DESIGN.md section 7). size_usd, quantity and risk_usd are added without NOT
-- NULL above and get it at the end, once every existing trade has them.
-- Trades recorded before sizes were: the owner's base trade size (1000 without a risk state),
-- marked estimated; tier from the score (SPEC section 5); no cell snapshot.
UPDATE "trades" AS t SET
  "size_usd" = coalesce((SELECT r."base_trade_size" FROM "risk_states" r WHERE r."user_id" = t."user_id"), 1000),
  "size_estimated" = true,
  "target_manual" = false,
  "cells" = NULL,
  "tier" = CASE
    WHEN t."score" >= 20 THEN 5
    WHEN t."score" >= 16 THEN 4
    WHEN t."score" >= 11 THEN 3
    WHEN t."score" >= 6 THEN 2
    ELSE 1
  END
WHERE t."size_usd" IS NULL;--> statement-breakpoint
UPDATE "trades" SET
  "quantity" = CASE WHEN "entry_price" > 0 THEN "size_usd" / "entry_price" ELSE 0 END,
  "risk_usd" = round(
    CASE WHEN "entry_price" > 0 THEN "size_usd" / "entry_price" ELSE 0 END * abs("entry_price" - "stop_loss"),
    6)
WHERE "size_estimated" AND "quantity" IS NULL;--> statement-breakpoint
-- Closed ones: exit at the target or the stop, R = per-unit P/L / per-unit risk (4 decimals),
-- P/L in USD = quantity x per-unit P/L (6 decimals). The per-unit P/L is the stored one, or
-- the one the prices give when none was stored.
UPDATE "trades" SET
  "exit_price" = CASE WHEN "status" = 'TARGET_HIT' THEN "take_profit" ELSE "stop_loss" END,
  "r_multiple" = coalesce(round(
    coalesce("profit_loss",
      CASE WHEN "is_long" THEN 1 ELSE -1 END
        * ((CASE WHEN "status" = 'TARGET_HIT' THEN "take_profit" ELSE "stop_loss" END) - "entry_price"))
    / nullif(abs("entry_price" - "stop_loss"), 0), 4), 0),
  "pnl_usd" = round("quantity" * coalesce("profit_loss",
      CASE WHEN "is_long" THEN 1 ELSE -1 END
        * ((CASE WHEN "status" = 'TARGET_HIT' THEN "take_profit" ELSE "stop_loss" END) - "entry_price")), 6)
WHERE "status" <> 'OPEN' AND "size_estimated" AND "pnl_usd" IS NULL;--> statement-breakpoint
-- All-time money in USD from the closed trades (counts stay as stored): gain = sum of pnl_usd,
-- reward = sum of the gains, risk = sum of the losses as a positive number, averageRR = average
-- win / average loss (2 decimals), 0 unless there are both.
UPDATE "risk_states" AS r SET "total_stats" = r."total_stats" || (
  SELECT jsonb_build_object(
    'totalGain', trim_scale(round(coalesce(sum(t."pnl_usd"), 0), 6)),
    'totalReward', trim_scale(round(coalesce(sum(t."pnl_usd") FILTER (WHERE t."pnl_usd" > 0), 0), 6)),
    'totalRisk', trim_scale(round(coalesce(-sum(t."pnl_usd") FILTER (WHERE t."pnl_usd" < 0), 0), 6)),
    'averageRR', CASE
      WHEN count(*) FILTER (WHERE t."status" = 'TARGET_HIT') > 0
        AND count(*) FILTER (WHERE t."status" = 'STOPLOSS_HIT') > 0
        AND coalesce(sum(t."pnl_usd") FILTER (WHERE t."pnl_usd" < 0), 0) < 0
      THEN trim_scale(round(
        (coalesce(sum(t."pnl_usd") FILTER (WHERE t."pnl_usd" > 0), 0)
          / count(*) FILTER (WHERE t."status" = 'TARGET_HIT'))
        / (-sum(t."pnl_usd") FILTER (WHERE t."pnl_usd" < 0)
          / count(*) FILTER (WHERE t."status" = 'STOPLOSS_HIT')), 2))
      ELSE 0
    END)
  FROM "trades" t
  WHERE t."user_id" = r."user_id" AND t."status" <> 'OPEN'
);--> statement-breakpoint
-- Today's counters of the recorded trading day (lastTradeDate, in the user's time zone): money
-- and R from the trades closed that day, and the trades opened that day (never fewer than
-- counted before, so trades deleted before the upgrade give no slot back).
UPDATE "risk_states" AS r SET "daily_stats" = r."daily_stats" || (
  SELECT jsonb_build_object(
    'trades', GREATEST(coalesce((r."daily_stats" ->> 'trades')::int, 0), (
      SELECT count(*) FROM "trades" o
      WHERE o."user_id" = r."user_id"
        AND (o."created_at" AT TIME ZONE u."zone")::date = (r."daily_stats" ->> 'lastTradeDate')::date
    )),
    'dailyProfit', trim_scale(round(coalesce(sum(t."pnl_usd") FILTER (WHERE t."pnl_usd" > 0), 0), 6)),
    'dailyLoss', trim_scale(round(coalesce(-sum(t."pnl_usd") FILTER (WHERE t."pnl_usd" < 0), 0), 6)),
    'dailyR', trim_scale(coalesce(sum(t."r_multiple"), 0))
  )
  FROM (
    -- A zone the database does not know reads as UTC rather than aborting the migration.
    SELECT uu."id", CASE WHEN EXISTS (
      SELECT 1 FROM pg_timezone_names z WHERE z."name" = uu."time_zone"
    ) THEN uu."time_zone" ELSE 'UTC' END AS "zone"
    FROM "users" uu
  ) u
  LEFT JOIN "trades" t
    ON t."user_id" = u."id" AND t."status" <> 'OPEN' AND t."closed_at" IS NOT NULL
    AND (t."closed_at" AT TIME ZONE u."zone")::date = (r."daily_stats" ->> 'lastTradeDate')::date
  WHERE u."id" = r."user_id"
  GROUP BY u."id", u."zone"
)
WHERE r."daily_stats" ->> 'lastTradeDate' IS NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ALTER COLUMN "size_usd" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ALTER COLUMN "quantity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ALTER COLUMN "risk_usd" SET NOT NULL;
