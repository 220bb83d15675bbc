"""The layer rules of `shared/ARCHITECTURE.md` as a test: imports only go downwards.

Every `spieltisch` import of every module is read with `ast` (also those inside
functions), so a new upward import fails here with the module and the line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import spieltisch

PACKAGE = Path(spieltisch.__file__).parent

LAYERS: list[set[str]] = [
    {"core"},
    {"games"},
    {"__init__"},  # `import spieltisch`: the protocol, with the four games registered
    {"agents"},
    {"sim", "store", "tournament", "review"},
    {"cli", "server", "web", "interop", "script"},
]
"""Top-level packages from the bottom up; a package imports its own layer and below."""

SERVER_ROOMS: list[set[str]] = [
    {"i18n", "refusal"},
    {"infra", "schemas"},
    {"description"},
    {"table"},
    {"services"},
    {"routes"},
    {"app", "__init__"},
]
"""Inside `server/`, from the bottom up: routes only translate and are imported by the
application alone; the services use the live table, which never calls a service: what
both need (the description of a table) is below both."""


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) of every absolute import of `spieltisch.*` in a file, including the
    names imported from a package (`from spieltisch.server import app`)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def _rank(layers: list[set[str]], name: str) -> int | None:
    return next((index for index, layer in enumerate(layers) if name in layer), None)


def _upward(root: Path, prefix: str, layers: list[set[str]]) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        own = parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")
        own_rank = _rank(layers, own)
        assert own_rank is not None, f"{path.relative_to(PACKAGE)} is in no layer: add it"
        for line, module in _imports(path):
            if module == prefix.rstrip("."):
                module = prefix + "__init__"
            if not module.startswith(prefix):
                continue
            target = module.removeprefix(prefix).split(".")[0]
            target_rank = _rank(layers, target)
            if target_rank is not None and target_rank > own_rank:
                found.append(f"{path.relative_to(PACKAGE)}:{line} imports {module}")
    return found


def test_every_top_level_package_is_in_a_layer() -> None:
    names = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert names <= set().union(*LAYERS)


def test_imports_only_go_downwards() -> None:
    assert _upward(PACKAGE, "spieltisch.", LAYERS) == []


def test_a_game_imports_no_other_game() -> None:
    games = PACKAGE / "games"
    found = []
    for folder in sorted(p for p in games.iterdir() if (p / "__init__.py").exists()):
        for path in folder.rglob("*.py"):
            for line, module in _imports(path):
                other = module.removeprefix("spieltisch.games.").split(".")[0]
                if module.startswith("spieltisch.games.") and other != folder.name:
                    found.append(f"{path.relative_to(PACKAGE)}:{line} imports {module}")
    assert found == []


def test_inside_the_server_imports_only_go_downwards() -> None:
    assert _upward(PACKAGE / "server", "spieltisch.server.", SERVER_ROOMS) == []


def _imports_between(server: Path, source: str, target: str) -> list[str]:
    """Where a module under `server/source` imports anything under `server/target`
    (`server`: a folder laid out as `spieltisch/server/`)."""
    prefix = f"spieltisch.server.{target}"
    found = []
    for path in sorted((server / source).rglob("*.py")):
        for line, module in _imports(path):
            if module == prefix or module.startswith(prefix + "."):
                found.append(f"{path.relative_to(server).as_posix()}:{line} imports {module}")
    return found


def test_the_live_table_imports_no_service(tmp_path: Path) -> None:
    """Issue 41: the live table described a table through the lobby service
    (`table/storage.py` imported `services/lobby.describe_table`) while the lobby called
    the live table. What both need is `server/description/`."""
    (tmp_path / "table").mkdir()
    (tmp_path / "table" / "storage.py").write_text(
        "from spieltisch.server.services.lobby import describe_table\n"
        "from spieltisch.server.description.tables import describe_tables\n"
        "from spieltisch.server import services\n"
    )
    assert _imports_between(tmp_path, "table", "services") == [
        "table/storage.py:1 imports spieltisch.server.services.lobby",
        "table/storage.py:1 imports spieltisch.server.services.lobby.describe_table",
        "table/storage.py:3 imports spieltisch.server.services",
    ]
    server = PACKAGE / "server"
    assert _imports_between(server, "table", "services") == []


def test_the_default_game_is_written_once_outside_the_game_folders() -> None:
    """A game is named by the registry; the one default (tournaments play MADN) is
    `tournament/defaults.py`."""
    found = []
    names = {info.name for info in spieltisch.games()}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.is_relative_to(PACKAGE / "games"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in names:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.value!r}")
    assert found == ["tournament/defaults.py:4 'madn'"]


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Module -> the spieltisch modules it imports, also inside functions and for type
    checking (a name imported from a package counts as the package unless it is one of its
    modules; a module importing its own package's `__init__` is not counted)."""
    modules = {_module(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for _line, imported in _imports(path):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name and not name.startswith(imported + "."):
                targets.add(imported)
        graph[name] = targets
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)) is not None:
                return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_module_imports_itself_round_a_circle() -> None:
    """`tournament.standings <-> tournament.tournament` was the last circle (issue 30)."""
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    found = _circle(_import_graph())
    assert found is None, " -> ".join(found or [])


def _imports_rich(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "rich" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "rich":
            return True
    return False


def test_a_games_pictures_and_words_never_reach_the_terminal_library() -> None:
    """Issue 30: the SVG and the words of a game took the board geometry from its text
    module, and with it Rich. Geometry and names now live in neutral modules (`geometry`,
    `messages`) that the text board, the picture and the words share."""
    graph = _import_graph()
    paths = {_module(path): path for path in PACKAGE.rglob("*.py")}
    for game in ("madn", "mahe", "mabula", "david_goliath"):
        for part in ("svg", "describe", "geometry"):
            start = f"spieltisch.games.{game}.{part}"
            if part == "geometry" and start not in paths:
                continue
            seen, todo = set(), [start]
            while todo:
                name = todo.pop()
                if name not in seen:
                    seen.add(name)
                    todo.extend(graph.get(name, ()))
            reaching = sorted(name for name in seen if _imports_rich(paths[name]))
            assert reaching == [], f"{start} reaches Rich through {reaching}"


ROUTES_TAKE_FROM_THE_STORE = {
    "spieltisch.store.Database",  # the type of `Services.database`, never opened there
    "spieltisch.store.database.UNAVAILABLE",  # the database away: a socket is closed
    "spieltisch.store.models.SeatKind",
    "spieltisch.store.models.TableStatus",
}
"""All a route may import from the store: no model, no repository, no session."""


def _database_work(root: Path) -> list[str]:
    """Where a module under `root` imports SQLAlchemy, a store model or repository, or
    calls `.session(`: work that belongs to a service or a repository."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root.parent)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "session"
            ):
                found.append(f"{where}:{node.lineno} calls .session()")
            for name in names:
                if name.split(".")[0] == "sqlalchemy" or (
                    name.startswith("spieltisch.store") and name not in ROUTES_TAKE_FROM_THE_STORE
                ):
                    assert isinstance(node, ast.Import | ast.ImportFrom)
                    found.append(f"{where}:{node.lineno} imports {name}")
    return found


def test_routes_open_no_database_session_and_import_no_store_model() -> None:
    """Issue 30: a route parses the request, calls a service and shapes the answer; the
    transactions are the services' (`services/lobby.Lobby`, `Accounts`, ...) and the
    queries the repositories' (`store/`). On the code before, the routes opened a session
    in 16 places."""
    assert _database_work(PACKAGE / "server" / "routes") == []


STATEMENTS = {"select", "update", "delete", "insert", "text"}
"""What SQLAlchemy builds SQL statements with."""

STATEMENTS_ALLOWED_IN = {
    "server/table/storage.py",  # the live table's queries: loading, catch-up, finishing
}
"""Outside `store/`, the one module of the server and of tournaments that may build a
statement: the storage the live table is handed (boardgame.io's master takes it the same
way), kept next to the table so the hot path's queries are read with it. Tournaments have
`store/tournaments.py` and need no exception."""


def _statements_built(root: Path, package: Path = PACKAGE) -> list[str]:
    """Where a module under `root` imports a statement builder from SQLAlchemy (or the
    whole of it), unless it is one of `STATEMENTS_ALLOWED_IN` (paths in `package`)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(package).as_posix()
        if where in STATEMENTS_ALLOWED_IN:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == (
                "sqlalchemy"
            ):
                for alias in node.names:
                    if alias.name in STATEMENTS:
                        found.append(f"{where}:{node.lineno} imports {alias.name}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == "sqlalchemy":
                        found.append(f"{where}:{node.lineno} imports sqlalchemy")
    return found


def test_every_sql_statement_is_built_in_the_store() -> None:
    """Issue 30: every query in one place, a repository in `store/` (or the live table's
    storage). On the code before, the lobby, the reviews, the sign-in sessions and the
    cluster's news built their own statements (6 names imported in 4 modules)."""
    for package in ("server", "tournament"):
        assert (PACKAGE / package / "__init__.py").exists()
    for allowed in STATEMENTS_ALLOWED_IN:
        assert (PACKAGE / allowed).exists(), f"{allowed} is allowed but gone: drop it"
    found = _statements_built(PACKAGE / "server") + _statements_built(PACKAGE / "tournament")
    assert found == []


def test_the_statement_rule_sees_every_way_of_importing_a_builder(tmp_path: Path) -> None:
    server = tmp_path / "server"
    (server / "table").mkdir(parents=True)
    (server / "lobby.py").write_text("from sqlalchemy.sql import text\nfrom sqlalchemy import func")
    (server / "raw.py").write_text("import sqlalchemy\n")
    (server / "table" / "storage.py").write_text("from sqlalchemy import select\n")
    assert _statements_built(server, tmp_path) == [
        "server/lobby.py:1 imports text",
        "server/raw.py:1 imports sqlalchemy",
    ]


SENDS = {"send", "send_text"}
"""What puts a message in a connection's outbox (`Connection.send_text`) or on the wire."""

SENDS_ALLOWED_IN = {
    ("server/table/publish.py", None),  # the one publisher (issue 41)
    ("server/routes/websocket.py", "_write"),  # the writer carrying outboxes to the wire
    ("server/infra/transport.py", "send"),  # the wire: the protocol's ASGI send (frames)
}
"""Where a message may be sent: (module, function; None: anywhere in it)."""


def _sends(root: Path, package: Path = PACKAGE) -> list[str]:
    """Where a module under `root` calls `.send(` or `.send_text(`, or puts something in
    a `queue` by hand, outside `SENDS_ALLOWED_IN` (the outbox itself, `Connection` in
    `table/room.py`, and the writer's end-of-outbox mark in `routes/websocket.py` put)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(package).as_posix()
        if (where, None) in SENDS_ALLOWED_IN:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed_lines: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and (
                (where, node.name) in SENDS_ALLOWED_IN
            ):
                allowed_lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            attribute, owner = node.func.attr, node.func.value
            by_hand = (
                attribute == "put_nowait"
                and isinstance(owner, ast.Attribute)
                and owner.attr == "queue"
                and where not in {"server/table/room.py", "server/routes/websocket.py"}
            )
            if (attribute in SENDS or by_hand) and node.lineno not in allowed_lines:
                found.append(f"{where}:{node.lineno} calls .{attribute}(")
    return found


def test_only_the_publisher_sends_to_a_connection() -> None:
    """Issue 41: messages to clients left from six modules (runtime, moves, view,
    takebacks, presence, chat); now a command returns events and `table/publish.py`
    alone tells them (the WebSocket writer carries the outboxes to the wire)."""
    for allowed, _function in SENDS_ALLOWED_IN:
        assert (PACKAGE / allowed).exists(), f"{allowed} is allowed but gone: drop it"
    assert _sends(PACKAGE / "server") == []


def test_the_send_rule_sees_sends_outside_the_publisher(tmp_path: Path) -> None:
    table, routes = tmp_path / "server" / "table", tmp_path / "server" / "routes"
    table.mkdir(parents=True)
    routes.mkdir()
    (table / "publish.py").write_text("def tell(c):\n    c.send_text('x')\n")
    (table / "moves.py").write_text(
        "def play(room):\n    for c in room.connections:\n        c.send(m)\n"
    )
    (table / "chat.py").write_text("def say(c):\n    c.queue.put_nowait('hi')\n")
    (routes / "websocket.py").write_text(
        "async def _write(ws, c):\n    await ws.send_text(await c.queue.get())\n\n"
        "async def _read(ws, c):\n    c.send_text('pong')\n"
    )
    assert _sends(tmp_path / "server", tmp_path) == [
        "server/routes/websocket.py:5 calls .send_text(",
        "server/table/chat.py:2 calls .put_nowait(",
        "server/table/moves.py:3 calls .send(",
    ]


LOG_TEXT_READ_IN = {
    "store/log_entries.py",  # the types and the one parser
    "store/tables.py",  # the logs of finished tables (records, replays)
    "server/table/storage.py",  # the live table's log, loaded and caught up with
    "server/infra/moved_news.py",  # the entries another process's news carries
}
"""The storage boundary: where a log entry's text is parsed into a `LogEntry`."""


def _log_text_parsed(root: Path, package: Path = PACKAGE) -> list[str]:
    """Where a module under `root`, outside `LOG_TEXT_READ_IN`, parses a log entry's text:
    imports the parser (`parse_entry`) or writes a takeback's text (`"takeback:"`)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(package).as_posix()
        if where in LOG_TEXT_READ_IN:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    if alias.name in {"parse_entry", "TAKEBACK"}:
                        found.append(f"{where}:{node.lineno} imports {alias.name}")
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value.startswith("takeback:")
            ):
                found.append(f"{where}:{node.lineno} reads {node.value!r}")
    return found


def test_a_log_entrys_text_is_parsed_only_at_the_storage_boundary() -> None:
    """Issue 41: a takeback was a `takeback:N` string in the log that 7 modules parsed;
    now the store and the live table's storage parse each entry once into a `Move`,
    `Chance` or `Takeback` (`store/log_entries.py`), and everything else reads types."""
    for allowed in LOG_TEXT_READ_IN:
        assert (PACKAGE / allowed).exists(), f"{allowed} is allowed but gone: drop it"
    assert _log_text_parsed(PACKAGE) == []


def test_the_log_text_rule_sees_a_parse_outside_the_boundary(tmp_path: Path) -> None:
    (tmp_path / "store").mkdir()
    (tmp_path / "server").mkdir()
    (tmp_path / "store" / "tables.py").write_text(
        "from spieltisch.store.log_entries import parse_entry\n"
    )
    (tmp_path / "server" / "view.py").write_text(
        "def last(entry):\n    return entry.startswith('takeback:')\n"
    )
    (tmp_path / "server" / "lobby.py").write_text(
        "from spieltisch.store.log_entries import parse_entry as p, TAKEBACK\n"
    )
    assert _log_text_parsed(tmp_path, tmp_path) == [
        "server/lobby.py:1 imports parse_entry",
        "server/lobby.py:1 imports TAKEBACK",
        "server/view.py:2 reads 'takeback:'",
    ]


LONGEST_MODULE = 400
"""Lines a module of the server may have: past that it does more than one job."""

LONGER_ALLOWED = {
    "server/routes/tournaments.py",  # issue 47 splits the tournaments' routes and service,
    "server/services/tournaments.py",  # then both leave this list
}


def _longer_than(root: Path, limit: int, allowed: set[str], package: Path = PACKAGE) -> list[str]:
    """Modules under `root` with more than `limit` lines, unless `allowed` (paths in
    `package`)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(package).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit and where not in allowed:
            found.append(f"{where}: {lines} lines")
    return found


def test_no_module_of_the_server_is_longer_than_400_lines(tmp_path: Path) -> None:
    """Issue 41: `services/lobby.py` had grown to 609 lines (tables made, seats, rematches,
    records, descriptions, the service the routes call); it is now one module per job."""
    (tmp_path / "server").mkdir()
    (tmp_path / "server" / "long.py").write_text("x = 1\n" * 5)
    (tmp_path / "server" / "allowed.py").write_text("x = 1\n" * 5)
    (tmp_path / "server" / "short.py").write_text("x = 1\n" * 4)
    found = _longer_than(tmp_path / "server", 4, {"server/allowed.py"}, tmp_path)
    assert found == ["server/long.py: 5 lines"]
    for allowed in LONGER_ALLOWED:
        assert (PACKAGE / allowed).exists(), f"{allowed} is allowed but gone: drop it"
    assert _longer_than(PACKAGE / "server", LONGEST_MODULE, LONGER_ALLOWED) == []


SESSIONS_OPENED_IN = {
    "server/services/unit_of_work.py",  # the services' transactions
    "server/table/storage.py",  # the live table's storage, handed to it like boardgame.io's
    "tournament/storage.py",  # the tournaments' ledgers (the server's and the command line's)
}
"""Besides `store/`, the modules that open a database session."""


def _sessions_opened(root: Path, allowed: set[str], package: Path = PACKAGE) -> list[str]:
    """Where a module under `root` (outside `store/` and `allowed`, paths in `package`)
    opens a database session: calls `.session()` or `.sessions()` (the store's
    `Database`), or makes an `AsyncSession` or a session maker itself."""
    makers = {"AsyncSession", "async_sessionmaker", "sessionmaker"}
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(package).as_posix()
        if where in allowed or where.startswith("store/"):
            continue
        calls = [
            n
            for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.Call)
        ]
        for node in sorted(calls, key=lambda call: (call.lineno, call.col_offset)):
            if isinstance(node.func, ast.Attribute) and node.func.attr in {"session", "sessions"}:
                found.append(f"{where}:{node.lineno} calls .{node.func.attr}()")
            elif isinstance(node.func, ast.Name) and node.func.id in makers:
                found.append(f"{where}:{node.lineno} makes {node.func.id}")
    return found


def test_database_sessions_are_opened_only_in_the_store_and_the_unit_of_work(
    tmp_path: Path,
) -> None:
    """Issue 41: sessions were opened in 53 places across 10 files (the lobby, accounts,
    records, reviews, rounds, sign-in, the application's start). A service now opens one
    through `services/unit_of_work.py` (`transaction`, `reading`); sign-in's short
    transactions are the store's (`store/sessions.py`)."""
    (tmp_path / "server" / "services").mkdir(parents=True)
    (tmp_path / "store").mkdir()
    (tmp_path / "server" / "services" / "lobby.py").write_text(
        "async def f(db):\n"
        "    async with db.session() as s:\n"
        "        pass\n"
        "    s = AsyncSession(db.engine)\n"
        "    maker = db.sessions()\n"
        "    return s.get(1)\n"
    )
    (tmp_path / "server" / "services" / "unit_of_work.py").write_text("db.session()\n")
    (tmp_path / "store" / "database.py").write_text("db.session()\n")
    found = _sessions_opened(tmp_path, {"server/services/unit_of_work.py"}, tmp_path)
    assert found == [
        "server/services/lobby.py:2 calls .session()",
        "server/services/lobby.py:4 makes AsyncSession",
        "server/services/lobby.py:5 calls .sessions()",
    ]
    for allowed in SESSIONS_OPENED_IN:
        assert (PACKAGE / allowed).exists(), f"{allowed} is allowed but gone: drop it"
    assert _sessions_opened(PACKAGE, SESSIONS_OPENED_IN) == []


ROUTES_BEING_SPLIT = {"tournaments.py"}
"""Issue 47 splits the tournaments' routes; the parts then take `Svc` and `Me` from
`routes/context.py` like the others, and this set empties."""


def _route_modules(routes: Path) -> dict[str, Path]:
    """The modules under `routes` that define endpoints (a module-level `router`), by
    their dotted name relative to `spieltisch` (`server.routes.api`)."""
    found = {}
    for path in sorted(routes.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == "router" for target in node.targets
            ):
                name = ".".join(path.relative_to(routes.parent.parent).with_suffix("").parts)
                found[name] = path
    return found


def _routes_not_thin(routes: Path) -> list[str]:
    """Where a route module imports another route module, defines a class (a model, a
    policy: they belong in `schemas/` and `services/`), or defines its own `Svc` or `Me`
    (one definition: `routes/context.py`)."""
    modules = _route_modules(routes)
    found = []
    for name, path in modules.items():
        where = path.relative_to(routes.parent).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, module in _imports(path):
            imported = module.removeprefix("spieltisch.")
            target = next(
                (m for m in modules if imported == m or imported.startswith(m + ".")), name
            )
            if target != name:
                found.append(f"{where}:{line} imports {module}")
        if path.name in ROUTES_BEING_SPLIT:
            continue
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                found.append(f"{where}:{node.lineno} defines class {node.name}")
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for assigned in targets:
                    if isinstance(assigned, ast.Name) and assigned.id in {"Svc", "Me"}:
                        found.append(f"{where}:{node.lineno} defines {assigned.id} again")
    return sorted(set(found))


def test_routes_are_thin(tmp_path: Path) -> None:
    """Issue 41: routes only translate. Six route modules each defined their own `Svc`
    alias (two their own `Me`), `takebacks.py` took `Me` from `api.py` and the rated-game
    rule from `hints.py`, and four answer models lived in route modules."""
    routes = tmp_path / "server" / "routes"
    routes.mkdir(parents=True)
    (routes / "api.py").write_text("router = 1\nMe = 2\n")
    (routes / "hints.py").write_text(
        "from spieltisch.server.routes.api import Me\n"
        "from spieltisch.server.routes.context import Svc\n"
        "router = 1\n"
        "class HintOut:\n    pass\n"
    )
    (routes / "context.py").write_text("Svc = 1\n")
    assert _routes_not_thin(routes) == [
        "routes/api.py:2 defines Me again",
        "routes/hints.py:1 imports spieltisch.server.routes.api",
        "routes/hints.py:1 imports spieltisch.server.routes.api.Me",
        "routes/hints.py:4 defines class HintOut",
    ]
    assert _routes_not_thin(PACKAGE / "server" / "routes") == []
