CREATE TABLE "series_slice_versions" (
	"table_version_id" integer NOT NULL,
	"series_version_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_slices" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"selection" jsonb NOT NULL,
	"measure" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
ALTER TABLE "series_slice_versions" ADD CONSTRAINT "series_slice_versions_table_version_id_data_table_versions_id_fk" FOREIGN KEY ("table_version_id") REFERENCES "public"."data_table_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_slice_versions" ADD CONSTRAINT "series_slice_versions_series_version_id_series_versions_id_fk" FOREIGN KEY ("series_version_id") REFERENCES "public"."series_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_slices" ADD CONSTRAINT "series_slices_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_slices" ADD CONSTRAINT "series_slices_table_id_data_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_slices" ADD CONSTRAINT "series_slices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_slice_versions_table_version_idx" ON "series_slice_versions" USING btree ("table_version_id");--> statement-breakpoint
CREATE INDEX "series_slices_table_idx" ON "series_slices" USING btree ("table_id");