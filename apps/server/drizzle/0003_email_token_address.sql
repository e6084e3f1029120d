ALTER TABLE "email_tokens" ADD COLUMN "email" text;--> statement-breakpoint
-- Links mailed before tokens were bound to their address cannot be checked against it: they stop working (a new link can be requested).
UPDATE "email_tokens" SET "used_at" = now() WHERE "used_at" IS NULL;
