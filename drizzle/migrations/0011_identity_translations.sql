-- English name and tagline of the institute (issue 15): `{ "en": { "name": …, "tagline": … } }`, like 0010's
-- content. Empty by default: until translated, the English pages show the French name and tagline.
ALTER TABLE "site_identity" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;