-- The supported languages (SPEC §3). Reference data, so it ships with the schema.
INSERT INTO "languages" ("code", "name", "native_name", "sort_order") VALUES
  ('en', 'English', 'English', 1),
  ('es', 'Spanish', 'Español', 2),
  ('fr', 'French', 'Français', 3),
  ('de', 'German', 'Deutsch', 4),
  ('it', 'Italian', 'Italiano', 5),
  ('pt', 'Portuguese', 'Português', 6),
  ('sv', 'Swedish', 'Svenska', 7),
  ('ja', 'Japanese', '日本語', 8),
  ('zh', 'Chinese', '中文', 9)
ON CONFLICT ("code") DO NOTHING;
