#!/usr/bin/env bash
# Starts Debian's PostgreSQL (installed by .ci/run) on 127.0.0.1:5432 for the server tests, and prints the
# connection string. Idempotent: a running cluster is reused.
# Only the connection string goes to stdout: callers capture it with $(...), and Debian's tools print notices
# there ("Removed stale pid file.", systemd warnings), which once turned the URL into a relative one.
set -euo pipefail
{
  version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
  if ! pg_lsclusters -h | grep -q "^$version main"; then
    pg_createcluster "$version" main
  fi
  if ! pg_lsclusters -h | grep -q "^$version main .* online"; then
    pg_ctlcluster "$version" main start
  fi
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  su postgres -c "psql -q -c \"alter user postgres with password 'honu-test'\""
} >&2
echo "postgres://postgres:honu-test@127.0.0.1:5432/postgres"
