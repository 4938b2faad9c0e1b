CREATE TYPE "public"."user_role" AS ENUM('admin', 'publisher', 'editor');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" "user_role" DEFAULT 'editor' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "areas" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Every account had every power before roles existed: existing accounts keep them (Administrateur);
-- an administrator then lowers those that need less. Accounts created from now on get the least.
UPDATE "users" SET "role" = 'admin';
