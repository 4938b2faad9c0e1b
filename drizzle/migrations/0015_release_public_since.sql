ALTER TABLE "releases" ADD COLUMN "public_since" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- Every release announced before this was public from its announcement.
UPDATE "releases" SET "public_since" = "created_at";
