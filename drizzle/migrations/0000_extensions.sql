-- Accent-insensitive, typo-tolerant search on French text (PGlite ships both as contrib).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
