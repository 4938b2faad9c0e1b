CREATE TABLE "geo_boundaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"level_id" integer NOT NULL,
	"version" integer NOT NULL,
	"topology" jsonb NOT NULL,
	"names" jsonb NOT NULL,
	"source_format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "geo_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"dimension" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "geo_boundaries" ADD CONSTRAINT "geo_boundaries_level_id_geo_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."geo_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "geo_boundaries_level_version_key" ON "geo_boundaries" USING btree ("level_id","version");--> statement-breakpoint
CREATE INDEX "geo_boundaries_level_idx" ON "geo_boundaries" USING btree ("level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "geo_levels_code_key" ON "geo_levels" USING btree ("code");