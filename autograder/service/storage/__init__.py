"""The service's lowest floor: the database (tables, schema versions, Alembic migrations), the blob
store, the upload spool, an attempt's files laid out on disk, and the plain records every floor
hands around. Imports nothing else of the service."""
