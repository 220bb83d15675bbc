#!/bin/sh
# A consistent backup of the spieltisch database while the servers run, and the
# rotation: only the newest $KEEP backups stay (docs/hosting.md, "Backups").
#   SPIELTISCH_DATABASE_URL  the server's database (sqlite+aiosqlite:///PATH or
#                            postgresql+psycopg://USER:PASSWORD@HOST/NAME)
#   BACKUP_DIR               where the backups go (default /var/backups/spieltisch)
#   KEEP                     how many to keep (default 14)
#   BACKUP_STAMP             the backup's name stamp (default: the UTC time now)
set -eu
url="${SPIELTISCH_DATABASE_URL:-${SPIELTISCH_DATABASE:-}}"
dir="${BACKUP_DIR:-/var/backups/spieltisch}"
keep="${KEEP:-14}"
stamp="${BACKUP_STAMP:-$(date -u +%Y-%m-%dT%H%M%SZ)}"
case "$keep" in
  '' | *[!0-9]*) echo "backup.sh: KEEP must be a whole number, not '$keep'" >&2; exit 2 ;;
esac
mkdir -p "$dir"
case "$url" in
  sqlite*:///*)
    target="$dir/spieltisch-$stamp.sqlite3"
    sqlite3 "${url#*:///}" ".backup '$target.part'"
    ;;
  postgresql*://*)
    target="$dir/spieltisch-$stamp.dump"
    pg_dump --format=custom --dbname="postgresql://${url#*://}" --file="$target.part"
    ;;
  *)
    echo "backup.sh: set SPIELTISCH_DATABASE_URL to sqlite+aiosqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/NAME" >&2
    exit 2
    ;;
esac
mv "$target.part" "$target"
# The stamps sort by time: all but the newest $keep go.
ls -1 "$dir" | grep -E '^spieltisch-.*\.(sqlite3|dump)$' | sort -r | tail -n +"$((keep + 1))" |
  while read -r old; do rm -f -- "$dir/$old"; done
echo "$target"
