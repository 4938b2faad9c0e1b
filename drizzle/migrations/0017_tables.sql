CREATE TABLE "data_table_cells" (
	"version_id" integer PRIMARY KEY NOT NULL,
	"values" "bytea" NOT NULL,
	"statuses" "bytea",
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_table_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"table_id" integer NOT NULL,
	"filename" text NOT NULL,
	"report" jsonb NOT NULL,
	"structure" jsonb,
	"cell_count" integer DEFAULT 0 NOT NULL,
	"values" "bytea",
	"statuses" "bytea",
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "data_table_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"number" integer NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"kind" text DEFAULT 'revision' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"structure" jsonb NOT NULL,
	"cell_count" integer NOT NULL,
	"source_file" text DEFAULT '' NOT NULL,
	"announced_at" timestamp with time zone,
	"release_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"review" "review_state" DEFAULT 'none' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	CONSTRAINT "data_table_versions_kind_check" CHECK ("data_table_versions"."kind" in ('revision', 'correction'))
);
--> statement-breakpoint
CREATE TABLE "data_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"area" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"method" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "data_table_cells" ADD CONSTRAINT "data_table_cells_version_id_data_table_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."data_table_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_table_imports" ADD CONSTRAINT "data_table_imports_table_id_data_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_table_imports" ADD CONSTRAINT "data_table_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_table_versions" ADD CONSTRAINT "data_table_versions_table_id_data_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_table_versions" ADD CONSTRAINT "data_table_versions_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_table_versions" ADD CONSTRAINT "data_table_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_table_versions" ADD CONSTRAINT "data_table_versions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_tables" ADD CONSTRAINT "data_tables_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_tables" ADD CONSTRAINT "data_tables_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_table_versions_table_number_key" ON "data_table_versions" USING btree ("table_id","number");--> statement-breakpoint
CREATE INDEX "data_table_versions_table_published_idx" ON "data_table_versions" USING btree ("table_id","published_at");--> statement-breakpoint
CREATE INDEX "data_table_versions_release_idx" ON "data_table_versions" USING btree ("release_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_tables_code_key" ON "data_tables" USING btree ("code");--> statement-breakpoint
CREATE INDEX "data_tables_area_idx" ON "data_tables" USING btree ("area");--> statement-breakpoint
-- A version's cells are megabytes of floats that do not compress: stored out of line, uncompressed (faster writes).
ALTER TABLE "data_table_cells" ALTER COLUMN "values" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "data_table_cells" ALTER COLUMN "statuses" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "data_table_imports" ALTER COLUMN "values" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "data_table_imports" ALTER COLUMN "statuses" SET STORAGE EXTERNAL;
