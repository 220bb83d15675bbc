"""The store tests of tournaments run on SQLite and on a throwaway PostgreSQL cluster, with
the server tests' fixtures."""

from tests.server.conftest import database_url, postgres

__all__ = ["database_url", "postgres"]
