ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
UPDATE "audit_log" SET "actor_name" = "users"."username" FROM "users" WHERE "users"."id" = "audit_log"."actor_id";
