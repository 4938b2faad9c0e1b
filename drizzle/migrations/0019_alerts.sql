CREATE TABLE "alert_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email_hash" text NOT NULL,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"area" text NOT NULL,
	"ref" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"event_id" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"token_hash" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"all_areas" boolean DEFAULT false NOT NULL,
	"areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"releases" boolean DEFAULT true NOT NULL,
	"corrections" boolean DEFAULT true NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_outbox" ADD CONSTRAINT "alert_outbox_event_id_alert_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alert_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_attempts_email_idx" ON "alert_attempts" USING btree ("email_hash","at");--> statement-breakpoint
CREATE INDEX "alert_attempts_ip_idx" ON "alert_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_events_key" ON "alert_events" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_outbox_event_subscriber" ON "alert_outbox" USING btree ("event_id","subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_outbox_token" ON "alert_outbox" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "alert_outbox_due_idx" ON "alert_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscribers_email_key" ON "alert_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscribers_confirm_key" ON "alert_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "alert_subscribers_pending_idx" ON "alert_subscribers" USING btree ("created_at") WHERE "alert_subscribers"."confirmed_at" is null;