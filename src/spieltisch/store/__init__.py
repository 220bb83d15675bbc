"""The store: tables, seats, move logs, accounts, chat and records in SQL.

SQLAlchemy 2 (async) over an SQLite file by default or PostgreSQL by URL; the schema is
kept by Alembic migrations shipped in `migrations/`. Other services (tournaments, clubs,
reviews) add their models to the same declarative `Base` and their own revisions.
"""

from spieltisch.store.clubs import ClubRow, MemberRow, SeasonEveningRow, SeasonRow
from spieltisch.store.database import Database, default_database_url, upgrade
from spieltisch.store.hall import HallScreenRow
from spieltisch.store.models import Base
from spieltisch.store.notify import ContactRow, OutboxRow
from spieltisch.store.push import PushRow
from spieltisch.store.reviews import GameReviewRow
from spieltisch.store.tournaments import TournamentEntryRow, TournamentRow

__all__ = [
    "Base",
    "ClubRow",
    "ContactRow",
    "Database",
    "GameReviewRow",
    "HallScreenRow",
    "MemberRow",
    "OutboxRow",
    "PushRow",
    "SeasonEveningRow",
    "SeasonRow",
    "TournamentEntryRow",
    "TournamentRow",
    "default_database_url",
    "upgrade",
]
