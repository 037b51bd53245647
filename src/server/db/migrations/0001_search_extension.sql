-- Trigram matching for misspelt search words (ships with PGlite and with PostgreSQL's contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
