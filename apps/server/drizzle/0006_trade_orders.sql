CREATE TABLE "trade_orders" (
	"trade_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"entry_cloid" text NOT NULL,
	"tp_cloid" text NOT NULL,
	"sl_cloid" text NOT NULL,
	"entry_oid" text,
	"tp_oid" text,
	"sl_oid" text,
	"leverage" integer NOT NULL,
	"order_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_orders_user_idx" ON "trade_orders" USING btree ("user_id");