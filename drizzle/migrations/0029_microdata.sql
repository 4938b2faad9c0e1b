-- Surveys and their microdata (issue 50): studies with immutable versions of their DDI description, their variables, their data files (access tier kept across versions), related documents, previewed imports.
CREATE TABLE "survey_data_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"ddi_id" text NOT NULL,
	"name" text NOT NULL,
	"access" text DEFAULT 'licensed' NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"conditions_en" text DEFAULT '' NOT NULL,
	"stored_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"kind" text DEFAULT 'autre' NOT NULL,
	"publication_id" integer,
	"file_id" uuid,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" integer,
	"area" text NOT NULL,
	"parsed" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "survey_variables" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"ddi_id" text DEFAULT '' NOT NULL,
	"file_id" text DEFAULT '' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"label_en" text DEFAULT '' NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"universe" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"concept" text DEFAULT '' NOT NULL,
	"interval" text DEFAULT '' NOT NULL,
	"value_type" text DEFAULT '' NOT NULL,
	"decimals" integer,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stats" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"number" integer NOT NULL,
	"study" jsonb NOT NULL,
	"source" text NOT NULL,
	"report" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"area" text NOT NULL,
	"data_kind" text DEFAULT 'enquete' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"study_en" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "survey_data_files" ADD CONSTRAINT "survey_data_files_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_documents" ADD CONSTRAINT "survey_documents_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_variables" ADD CONSTRAINT "survey_variables_version_id_survey_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."survey_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_versions" ADD CONSTRAINT "survey_versions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_data_files_ddi_key" ON "survey_data_files" USING btree ("survey_id","ddi_id");--> statement-breakpoint
CREATE INDEX "survey_documents_survey_idx" ON "survey_documents" USING btree ("survey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_variables_name_key" ON "survey_variables" USING btree ("version_id","name");--> statement-breakpoint
CREATE INDEX "survey_variables_survey_idx" ON "survey_variables" USING btree ("survey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_versions_number_key" ON "survey_versions" USING btree ("survey_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_slug_key" ON "surveys" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "surveys_status_idx" ON "surveys" USING btree ("status","published_at");