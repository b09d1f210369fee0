-- Trigram matching backs the case-insensitive video search indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
