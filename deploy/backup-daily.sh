#!/bin/sh
# The backup service of docker-compose.production.yml: one archive a day at BACKUP_HOUR_UTC (default
# 3), written to /backups; after a good one, archives older than BACKUP_KEEP_DAYS (default 14) are
# deleted and /backups/last-success holds its time. A failed backup deletes nothing.
set -u
hour=${BACKUP_HOUR_UTC:-3}
keep=${BACKUP_KEEP_DAYS:-14}
# sh as process 1 ignores SIGTERM: stop at once instead of waiting to be killed.
trap 'exit 0' TERM INT
while :; do
  now=$(date -u +%s)
  next=$((now / 86400 * 86400 + hour * 3600))
  [ "$next" -le "$now" ] && next=$((next + 86400))
  echo "next backup at $(date -u -d "@$next" +%Y-%m-%dT%H:%M:%SZ)"
  sleep $((next - now)) &
  wait $!
  file="/backups/roswell-it-$(date -u +%Y%m%dT%H%M%SZ).jsonl.gz"
  if node scripts/db-backup.ts --out "$file"; then
    date -u +%Y-%m-%dT%H:%M:%SZ > /backups/last-success
    find /backups -name 'roswell-it-*.jsonl.gz' -mtime +"$keep" -delete
  else
    echo "backup failed: older archives are kept" >&2
  fi
done
