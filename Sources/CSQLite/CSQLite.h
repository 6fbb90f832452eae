// Umbrella for the system SQLite (the store behind `ingest import --db`).
#include <sqlite3.h>
