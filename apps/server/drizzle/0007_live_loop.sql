CREATE TABLE "exchange_cursors" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"fills_from" bigint NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_fills" (
	"connection_id" uuid NOT NULL,
	"tid" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"trade_id" uuid,
	"role" text,
	"coin" text NOT NULL,
	"oid" text NOT NULL,
	"cloid" text,
	"side" text NOT NULL,
	"px" numeric NOT NULL,
	"sz" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"closed_pnl" numeric NOT NULL,
	"dir" text NOT NULL,
	"start_position" numeric NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"dismissed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "exchange_fills_connection_id_tid_pk" PRIMARY KEY("connection_id","tid")
);
--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "execution" text DEFAULT 'resting' NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "entry_fill_px" numeric;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "entry_fill_sz" numeric;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "stop_px" numeric;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD COLUMN "other_exit_oids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "fees_usd" numeric;--> statement-breakpoint
ALTER TABLE "exchange_cursors" ADD CONSTRAINT "exchange_cursors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_fills" ADD CONSTRAINT "exchange_fills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_fills" ADD CONSTRAINT "exchange_fills_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_fills_trade_idx" ON "exchange_fills" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "exchange_fills_user_time_idx" ON "exchange_fills" USING btree ("user_id","time");--> statement-breakpoint
CREATE INDEX "trade_orders_connection_idx" ON "trade_orders" USING btree ("connection_id");