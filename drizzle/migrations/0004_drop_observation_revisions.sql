DROP TABLE "observation_revisions" CASCADE;--> statement-breakpoint
ALTER TABLE "observations" DROP COLUMN "updated_at";--> statement-breakpoint
DROP TYPE "public"."observation_status";