#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 server with pgvector on loopback for the test suite, and prints
# its URL on stdout (everything else goes to stderr). Run as root on Debian 12. Installs PG 15 and
# its headers from Debian when missing, and builds pgvector from Debian trixie's source package
# (bookworm ships no PG 15 build of it) through a private apt source list, so the machine's own
# apt configuration is left alone. Re-runnable: the build is skipped once the extension exists.
#   WORK   folder for the cluster and the build (default: a new temporary folder); the postgres
#          user must be able to pass through every folder above it (not so inside `mktemp -d`)
#   PGPORT port to listen on (default 55432)
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
WORK=${WORK:-$(mktemp -d)}
PGPORT=${PGPORT:-55432}
PGBIN=/usr/lib/postgresql/15/bin
mkdir -p "$WORK"
chmod 755 "$WORK" # the postgres user must be able to enter it
log() { echo "[start-postgres] $*" >&2; }

if [ ! -x "$PGBIN/postgres" ] || [ ! -f /usr/include/postgresql/15/server/postgres.h ] || ! command -v gcc >/dev/null || ! command -v make >/dev/null; then
  log "installing PostgreSQL 15, its server headers and a C toolchain"
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql-15 postgresql-server-dev-15 make gcc >&2
fi

if [ ! -f /usr/share/postgresql/15/extension/vector.control ]; then
  log "building pgvector from Debian trixie's source package"
  mkdir -p "$WORK/apt/lists/partial" "$WORK/apt/cache/archives/partial"
  MIRROR=$(grep -hoE '(URIs:|deb) +https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null | awk '{print $2}' | head -1 || true)
  if [ -z "$MIRROR" ]; then log "no Debian mirror found in the apt sources"; exit 1; fi
  echo "deb-src $MIRROR trixie main" >"$WORK/apt/src.list"
  APTO=(-o "Dir::Etc::SourceList=$WORK/apt/src.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$WORK/apt/lists" -o "Dir::Cache=$WORK/apt/cache")
  apt-get "${APTO[@]}" update -qq >&2
  (cd "$WORK" && apt-get "${APTO[@]}" source --download-only pgvector >&2 && tar xzf pgvector_*.orig.tar.gz)
  make -C "$WORK"/pgvector-*/ PG_CONFIG="$PGBIN/pg_config" OPTFLAGS="" -j2 >&2
  make -C "$WORK"/pgvector-*/ PG_CONFIG="$PGBIN/pg_config" install >&2
fi

# The server runs as the postgres user, who must be able to pass through every folder above WORK:
# a WORK inside a private folder (mktemp -d makes them 0700) fails in initdb with "Permission
# denied". Say which folder and what to do, rather than open it up behind the caller's back.
dir=
IFS=/ read -ra parts <<<"$(cd "$WORK" && pwd -P)"
for part in "${parts[@]}"; do
  [ -z "$part" ] && continue
  dir="$dir/$part"
  if ! su postgres -s /bin/sh -c "test -x '$dir'"; then
    log "the postgres user cannot enter $dir, so it cannot reach WORK=$WORK"
    log "fix: chmod o+x '$dir' (others may pass through it, not list it), or pick a WORK outside it, or leave WORK unset for a fresh folder"
    exit 1
  fi
done

install -d -o postgres -g postgres "$WORK/pg"
if [ ! -f "$WORK/pg/data/PG_VERSION" ]; then
  su postgres -c "$PGBIN/initdb -D $WORK/pg/data -U postgres --auth=trust -E UTF8" >&2
fi
su postgres -c "mkdir -p $WORK/pg/sock && $PGBIN/pg_ctl -D $WORK/pg/data -l $WORK/pg/pg.log -o '-c listen_addresses=127.0.0.1 -p $PGPORT -k $WORK/pg/sock -c max_connections=200' -w start" >&2
psql -h 127.0.0.1 -p "$PGPORT" -U postgres -Atqc "create extension if not exists vector" >&2
log "PostgreSQL 15 with pgvector on 127.0.0.1:$PGPORT (stop: su postgres -c '$PGBIN/pg_ctl -D $WORK/pg/data -m fast stop')"
echo "postgres://postgres@127.0.0.1:$PGPORT/postgres"
