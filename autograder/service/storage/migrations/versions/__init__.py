"""One module per schema revision (Alembic loads them by file; the package is for packaging)."""
