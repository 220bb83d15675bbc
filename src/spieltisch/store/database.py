"""Opening the database: the URL, the async engine and sessions, and the migrations."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AsyncExitStack
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.pool import NullPool

from spieltisch.store.serial import WAIT_SECONDS, SerialWriteSession

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_ASSIGNMENT = re.compile(r'^(\w+)\s*(?::[^=\n]*)?=\s*(?:"([^"\n]*)"|(\w+))\s*$', re.MULTILINE)
"""`name: type = "text"` or `name = OTHER_NAME`: how a migration names itself and the
one it follows (`down_revision = AFTER`, with `AFTER = "..."` above it)."""


@cache
def head() -> str:
    """The newest migration, read from the migration files without importing alembic
    (0.1 s of a command's 0.6 s): a database already at it is opened without alembic,
    and a new migration needs no second edit here. The revision no other file follows
    (`tests/server/test_schema_head.py` checks it is alembic's head)."""
    revisions, followed = set(), set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        names: dict[str, str] = {}
        for name, literal, other in _ASSIGNMENT.findall(path.read_text(encoding="utf-8")):
            names[name] = literal if not other else names.get(other, other)
        revisions.add(names["revision"])
        followed.add(names.get("down_revision", "None"))
    heads = revisions - followed
    if len(heads) != 1:
        raise RuntimeError(f"migrations have {len(heads)} heads: {sorted(heads)}")
    return heads.pop()


URL_VARIABLE = "SPIELTISCH_DATABASE_URL"


UNAVAILABLE: tuple[type[Exception], ...] = (
    sa_exc.OperationalError,
    sa_exc.InterfaceError,
    sa_exc.TimeoutError,
    ConnectionError,
)
"""What a database that went away raises (a restart, a lost connection, a full pool):
the operation did not happen and may be tried again."""


def default_database_url() -> str:
    """`SPIELTISCH_DATABASE_URL`, else an SQLite file in the user's data directory."""
    from_environment = os.environ.get(URL_VARIABLE)
    if from_environment:
        return from_environment
    from platformdirs import user_data_path

    folder = user_data_path("spieltisch", appauthor=False, ensure_exists=True)
    return f"sqlite+aiosqlite:///{folder / 'spieltisch.sqlite3'}"


def check_url(url: str) -> str:
    """The URL if it names a database we can drive asynchronously; else a clear ValueError."""
    try:
        parsed = make_url(url)
    except Exception:
        raise ValueError(
            f"not a database URL: {url!r}; use sqlite+aiosqlite:///PATH "
            "or postgresql+psycopg://USER@HOST:PORT/NAME"
        ) from None
    if parsed.drivername == "sqlite":
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    elif parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.drivername not in ("sqlite+aiosqlite", "postgresql+psycopg"):
        raise ValueError(
            f"unsupported database driver {parsed.drivername!r}: "
            "use sqlite+aiosqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/NAME"
        )
    return parsed.render_as_string(hide_password=False)


def is_sqlite(url: str) -> bool:
    """SQLite serves one process; PostgreSQL serves several."""
    return make_url(check_url(url)).get_backend_name() == "sqlite"


def describe_url(url: str) -> str:
    """The URL for logs and the start message: never with its password."""
    return make_url(url).render_as_string(hide_password=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


POOL_SIZE = 30
"""PostgreSQL connections one process keeps. Hundreds of tables: a move's commit, a
connection's first messages and a computer seat's read each hold one for a moment; 5 + 10
made them queue for the pool (seconds at 1,000 tables). All of them are kept once opened:
as 10 kept + 20 overflow, every burst above 10 opened connections and closed them again
(a PostgreSQL backend started each time; issue 30's profile at 200 tables had the commit
path at 53 % of the event loop). 2 × 30 stays well below PostgreSQL's default of 100
with `--workers 2`."""
WARM = 5
"""PostgreSQL connections opened at start (`Database.warm`), before the first moves."""
APPEND_POOL_SIZE = 8
"""PostgreSQL connections one process keeps for the move log's appends (`autocommit`):
an append holds one for about a millisecond."""


def make_engine(url: str) -> AsyncEngine:
    url = check_url(url)
    if is_sqlite(url):
        engine = create_async_engine(url, pool_pre_ping=True)
    else:
        engine = create_async_engine(url, pool_pre_ping=True, pool_size=POOL_SIZE, max_overflow=0)
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


class Database:
    """The engine and a session factory for one database URL."""

    def __init__(self, url: str) -> None:
        self.url = check_url(url)
        self.engine = make_engine(self.url)
        self.sqlite = self.engine.dialect.name == "sqlite"
        self.sessions = async_sessionmaker(
            self.engine,
            expire_on_commit=False,
            class_=SerialWriteSession if self.sqlite else AsyncSession,
        )
        self._write_lock: asyncio.Lock | None = None

    def session(self) -> AsyncSession:
        session = self.sessions()
        if self.sqlite and isinstance(session, SerialWriteSession):
            session.write_lock = self.write_lock()
        return session

    def write_lock(self) -> asyncio.Lock:
        """SQLite: the lock every writer of this process holds while it writes."""
        if self._write_lock is None:
            self._write_lock = asyncio.Lock()
        return self._write_lock

    @cached_property
    def _writing_thread(self) -> tuple[Engine, ThreadPoolExecutor] | None:
        """SQLite in a file: a synchronous engine and the one thread that runs it."""
        url = make_url(self.url)
        if not self.sqlite or url.database in (None, "", ":memory:"):
            return None
        engine = create_engine(
            url.set(drivername="sqlite"), connect_args={"check_same_thread": False}
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine, ThreadPoolExecutor(1, thread_name_prefix="sqlite-writes")

    @property
    def writing_engine(self) -> Engine | None:
        """SQLite in a file: the synchronous engine of the writing thread."""
        writing = self._writing_thread
        return writing[0] if writing is not None else None

    async def write_in_thread(self, work: Callable[[Connection], None]) -> None:
        """SQLite: run `work` in one transaction on the writing thread, holding the write
        lock; one hand-over to a thread for the whole transaction, where an async
        session hands each statement, the ping, the commit and the reset over to
        aiosqlite's thread one at a time (each hand-over costs both threads CPU). A
        database in memory (one per connection) takes the async session instead."""
        writing = self._writing_thread
        held = await _hold(self.write_lock())
        try:
            if writing is None:
                async with self.engine.begin() as connection:
                    await connection.run_sync(work)
                return
            engine, thread = writing
            await asyncio.get_running_loop().run_in_executor(thread, _in_transaction, engine, work)
        finally:
            if held:
                self.write_lock().release()

    @cached_property
    def autocommit(self) -> AsyncEngine:
        """PostgreSQL: connections for single autocommitted statements (the move log's
        append, `store/append.py`), checked out without the pool's ping and returned
        without a rollback: the ping was a second round trip per move and a third of
        the append's CPU (`benchmarks/append.py`). A connection the database dropped
        fails its statement instead, which the caller tries once more
        (`connection_invalidated`: SQLAlchemy then drops the pool's other connections)."""
        return create_async_engine(
            self.url,
            isolation_level="AUTOCOMMIT",
            pool_pre_ping=False,
            pool_reset_on_return=None,
            pool_size=APPEND_POOL_SIZE,
            max_overflow=0,
        )

    async def warm(self, count: int = WARM) -> None:
        """Open `count` connections of the pool, and two for appends, now (PostgreSQL;
        SQLite has one file), so the first moves after a start do not wait for them."""
        if self.sqlite:
            return
        async with AsyncExitStack() as opened:
            for _ in range(count):
                await opened.enter_async_context(self.engine.connect())
            for _ in range(2):
                await opened.enter_async_context(self.autocommit.connect())

    async def close(self) -> None:
        await self.engine.dispose()
        writing = self.__dict__.get("_writing_thread")
        if writing is not None:
            engine, thread = writing
            await asyncio.get_running_loop().run_in_executor(thread, engine.dispose)
            thread.shutdown()
        if "autocommit" in self.__dict__:
            await self.autocommit.dispose()


async def _hold(lock: asyncio.Lock) -> bool:
    """Take the write lock as a `SerialWriteSession` does: a writer that cannot get it
    within `WAIT_SECONDS` writes anyway (SQLite's busy handling applies then), so a
    session that holds it while it waits for this write slows the write but never hangs
    it. Whether the lock was taken."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(WAIT_SECONDS):
            await lock.acquire()
            return True
    return False


def _in_transaction(engine: Engine, work: Callable[[Connection], None]) -> None:
    with engine.begin() as connection:
        work(connection)


def alembic_config(url: str) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["url"] = check_url(url)
    return config


def upgrade(url: str, revision: str = "head") -> None:
    """Bring the schema up to `revision` (blocking: call it outside an event loop)."""
    if make_url(check_url(url)).drivername.startswith("sqlite"):
        database = make_url(url).database
        if database and database != ":memory:":
            Path(database).parent.mkdir(parents=True, exist_ok=True)
    if revision == "head" and at_head(url):
        return
    from alembic import command

    command.upgrade(alembic_config(url), revision)


def at_head(url: str) -> bool:
    """Whether the database says it is at `head()` (blocking). One that cannot be reached
    raises, as its migration would."""
    parsed = make_url(check_url(url))
    if parsed.get_backend_name() == "sqlite":
        if parsed.database in (None, "", ":memory:"):
            return False
        parsed = parsed.set(drivername="sqlite")
    engine = create_engine(parsed, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            try:
                rows = connection.execute(text("SELECT version_num FROM alembic_version"))
                return [str(row[0]) for row in rows] == [head()]
            except sa_exc.DBAPIError:  # it answered: no such table, never migrated
                return False
    finally:
        engine.dispose()
