CREATE SEQUENCE "public"."paper_id_block_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "paper_accounts" (
	"address" text PRIMARY KEY NOT NULL,
	"usdc" double precision NOT NULL,
	"positions" jsonb NOT NULL,
	"leverage" jsonb NOT NULL,
	"open_orders" jsonb NOT NULL,
	"last_eval_ms" bigint NOT NULL,
	"id_block" bigint NOT NULL,
	"next_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_agents" (
	"address" text PRIMARY KEY NOT NULL,
	"master" text NOT NULL,
	"name" text NOT NULL,
	"valid_until" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_fills" (
	"tid" bigint PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"coin" text NOT NULL,
	"time" bigint NOT NULL,
	"crossed" boolean NOT NULL,
	"fill" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_nonces" (
	"signer" text PRIMARY KEY NOT NULL,
	"nonces" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_orders" (
	"oid" bigint PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"order" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"seed" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "paper_agents_master_idx" ON "paper_agents" USING btree ("master");--> statement-breakpoint
CREATE INDEX "paper_fills_address_time_idx" ON "paper_fills" USING btree ("address","time","tid");--> statement-breakpoint
CREATE INDEX "paper_fills_coin_time_idx" ON "paper_fills" USING btree ("coin","time");--> statement-breakpoint
CREATE INDEX "paper_orders_address_oid_idx" ON "paper_orders" USING btree ("address","oid");--> statement-breakpoint
-- Moves the one-document state of the paper exchange (table paper_exchange_state, row 'default')
-- into the rows above, so existing paper accounts, orders, fills, agents and nonces survive.
INSERT INTO "paper_settings" ("id", "seed")
SELECT 'default', ("snapshot"->>'seed')::double precision
FROM "paper_exchange_state" WHERE "id" = 'default';--> statement-breakpoint
-- New ids (block · 1,000,000 + n) start above every oid and tid the document handed out.
SELECT setval('paper_id_block_seq',
  GREATEST(("snapshot"->>'nextOid')::bigint, ("snapshot"->>'nextTid')::bigint) / 1000000 + 1, false)
FROM "paper_exchange_state" WHERE "id" = 'default';--> statement-breakpoint
INSERT INTO "paper_accounts"
  ("address", "usdc", "positions", "leverage", "open_orders", "last_eval_ms", "id_block", "next_id")
SELECT a.key,
  (a.value->>'usdc')::double precision,
  COALESCE(a.value->'positions', '{}'::jsonb),
  COALESCE(a.value->'leverage', '{}'::jsonb),
  COALESCE((SELECT jsonb_agg(o.value ORDER BY o.ordinality)
            FROM jsonb_array_elements(a.value->'orders') WITH ORDINALITY AS o
            WHERE o.value->>'status' = 'open'), '[]'::jsonb),
  (s."snapshot"->>'lastEvalMs')::bigint,
  nextval('paper_id_block_seq'),
  1
FROM "paper_exchange_state" s, jsonb_each(s."snapshot"->'accounts') AS a
WHERE s."id" = 'default';--> statement-breakpoint
INSERT INTO "paper_fills" ("tid", "address", "coin", "time", "crossed", "fill")
SELECT (f->>'tid')::bigint, a.key, f->>'coin', (f->>'time')::bigint, (f->>'crossed')::boolean, f
FROM "paper_exchange_state" s, jsonb_each(s."snapshot"->'accounts') AS a,
  jsonb_array_elements(a.value->'fills') AS f
WHERE s."id" = 'default';--> statement-breakpoint
INSERT INTO "paper_orders" ("oid", "address", "order")
SELECT (o->>'oid')::bigint, a.key, o
FROM "paper_exchange_state" s, jsonb_each(s."snapshot"->'accounts') AS a,
  jsonb_array_elements(a.value->'orders') AS o
WHERE s."id" = 'default' AND o->>'status' <> 'open';--> statement-breakpoint
INSERT INTO "paper_agents" ("address", "master", "name", "valid_until")
SELECT g.key, g.value->>'master', g.value->>'name', (g.value->>'validUntil')::bigint
FROM "paper_exchange_state" s, jsonb_each(s."snapshot"->'agents') AS g
WHERE s."id" = 'default';--> statement-breakpoint
INSERT INTO "paper_nonces" ("signer", "nonces")
SELECT n.key, n.value
FROM "paper_exchange_state" s, jsonb_each(s."snapshot"->'nonces') AS n
WHERE s."id" = 'default';--> statement-breakpoint
DROP TABLE "paper_exchange_state";
