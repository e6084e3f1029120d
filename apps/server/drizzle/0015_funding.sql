CREATE TABLE "exchange_fundings" (
	"connection_id" uuid NOT NULL,
	"coin" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"usdc" numeric NOT NULL,
	"szi" numeric NOT NULL,
	"funding_rate" numeric NOT NULL,
	CONSTRAINT "exchange_fundings_connection_id_coin_time_pk" PRIMARY KEY("connection_id","coin","time")
);
--> statement-breakpoint
CREATE TABLE "paper_fundings" (
	"address" text NOT NULL,
	"coin" text NOT NULL,
	"time" bigint NOT NULL,
	"usdc" double precision NOT NULL,
	"szi" double precision NOT NULL,
	"funding_rate" double precision NOT NULL,
	CONSTRAINT "paper_fundings_address_time_coin_pk" PRIMARY KEY("address","time","coin")
);
--> statement-breakpoint
ALTER TABLE "exchange_cursors" ADD COLUMN "funding_from" bigint;--> statement-breakpoint
ALTER TABLE "exchange_fundings" ADD CONSTRAINT "exchange_fundings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;