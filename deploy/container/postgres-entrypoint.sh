#!/bin/sh
# First start: a cluster in $PGDATA with the role and database of POSTGRES_USER / POSTGRES_PASSWORD /
# POSTGRES_DB. Every start: the server in the foreground on $PGPORT (listen address: POSTGRES_LISTEN,
# default every interface), password logins from anywhere.
set -eu
BIN=$(echo /usr/lib/postgresql/*/bin)
: "${POSTGRES_USER:=tsnacos}" "${POSTGRES_DB:=tsnacos}" "${POSTGRES_LISTEN:=*}"
if [ -z "${POSTGRES_PASSWORD:-}" ]; then
  echo "POSTGRES_PASSWORD is required" >&2
  exit 1
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  "$BIN/initdb" -D "$PGDATA" -U postgres --auth-local=peer --auth-host=scram-sha-256 --pwfile="$pwfile" >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  "$BIN/pg_ctl" -D "$PGDATA" -o "-c listen_addresses='' -k /tmp" -w start >/dev/null
  psql -h /tmp -U postgres -v ON_ERROR_STOP=1 -q \
    -v user="$POSTGRES_USER" -v pass="$POSTGRES_PASSWORD" -v db="$POSTGRES_DB" <<'SQL'
CREATE ROLE :"user" LOGIN PASSWORD :'pass';
CREATE DATABASE :"db" OWNER :"user";
SQL
  "$BIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
  echo "initialised $PGDATA: database $POSTGRES_DB owned by $POSTGRES_USER"
fi
exec "$BIN/postgres" -D "$PGDATA" -c listen_addresses="$POSTGRES_LISTEN" -c port="$PGPORT" -k /tmp
