CREATE TABLE "series_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filename" text NOT NULL,
	"parsed" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "series_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"number" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"kind" text DEFAULT 'revision' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"announced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "series_versions_kind_check" CHECK ("series_versions"."kind" in ('revision', 'correction'))
);
--> statement-breakpoint
DROP INDEX "observations_series_period_key";--> statement-breakpoint
ALTER TABLE "observations" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
-- Hand-written: statuses become SDMX OBS_STATUS codes (final → A, provisional → P).
ALTER TABLE "observations" ALTER COLUMN "status" SET DATA TYPE text USING (CASE "status"::text WHEN 'final' THEN 'A' ELSE 'P' END);--> statement-breakpoint
ALTER TABLE "observations" ALTER COLUMN "status" SET DEFAULT 'A';--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "version_id" integer;--> statement-breakpoint
-- Hand-written: the values already there become version 1 of their series, published when the series was last updated.
INSERT INTO "series_versions" ("series_id", "number", "published_at", "kind", "reason", "announced_at")
  SELECT s."id", 1, s."updated_at", 'revision', 'Première publication', s."updated_at" FROM "series" s
  WHERE EXISTS (SELECT 1 FROM "observations" o WHERE o."series_id" = s."id");--> statement-breakpoint
UPDATE "observations" o SET "version_id" = v."id" FROM "series_versions" v WHERE v."series_id" = o."series_id" AND v."number" = 1;--> statement-breakpoint
ALTER TABLE "observations" ALTER COLUMN "version_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "seasonal_adjustment" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "headline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "series_imports" ADD CONSTRAINT "series_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_versions" ADD CONSTRAINT "series_versions_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_versions" ADD CONSTRAINT "series_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "series_versions_series_number_key" ON "series_versions" USING btree ("series_id","number");--> statement-breakpoint
CREATE INDEX "series_versions_series_published_idx" ON "series_versions" USING btree ("series_id","published_at");--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_version_id_series_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."series_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "observations_version_period_key" ON "observations" USING btree ("version_id","period");--> statement-breakpoint
CREATE INDEX "observations_series_period_idx" ON "observations" USING btree ("series_id","period");--> statement-breakpoint
CREATE INDEX "series_area_idx" ON "series" USING btree ("area");--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_status_check" CHECK ("observations"."status" in ('A', 'P', 'E', 'B', 'F', 'I', 'U'));