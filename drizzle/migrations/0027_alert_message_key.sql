-- Each outbox message's own random Message-ID part (issue 37): existing rows get one each (a volatile default is evaluated per row).
ALTER TABLE "alert_outbox" ADD COLUMN "message_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;
