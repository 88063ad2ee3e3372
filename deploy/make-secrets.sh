#!/bin/sh
# Makes the files docker-compose.production.yml hands to the containers as secrets, in ./secrets,
# and the ./backups folder. Run once on the server, as root (sudo sh deploy/make-secrets.sh): the
# files get the owners the containers run as (999: MongoDB, 1000: the site) and mode 400. A file
# that exists is never overwritten, so running it again only adds what is missing.
# Optional secrets (Stripe, SMTP, Teams, metrics) start empty, which means unset: fill them in later.
set -eu
cd "$(dirname "$0")/.."
if [ "$(id -u)" != 0 ]; then
  echo "run as root (sudo sh deploy/make-secrets.sh): it sets the files' owners" >&2
  exit 1
fi
umask 077
mkdir -p secrets backups
chmod 700 secrets

create() {
  name=$1
  shift
  if [ -e "secrets/$name" ]; then return; fi
  "$@" > "secrets/$name"
  echo "made secrets/$name"
}

# MongoDB: the key the replica set's members share, the root user, and the site's user, whose
# password is also written into the site's connection string (hex: nothing to escape in a URL).
create mongo_keyfile openssl rand -base64 756
create mongo_root_password openssl rand -hex 32
create mongo_app_password openssl rand -hex 32
create mongodb_uri printf 'mongodb://roswell-it:%s@mongo:27017/roswell-it?replicaSet=rs0&authSource=roswell-it\n' \
  "$(cat secrets/mongo_app_password)"

# The site.
create session_secret openssl rand -base64 48
create admin_password openssl rand -base64 18
for optional in stripe_secret_key stripe_webhook_secret smtp_url teams_webhook_url metrics_token; do
  create "$optional" true
done

chown 999:999 secrets/mongo_keyfile secrets/mongo_root_password secrets/mongo_app_password
chown 1000:1000 secrets/mongodb_uri secrets/session_secret secrets/admin_password \
  secrets/stripe_secret_key secrets/stripe_webhook_secret secrets/smtp_url secrets/teams_webhook_url secrets/metrics_token
chmod 400 secrets/*
chown 1000:1000 backups
echo "done: the owner account's password is in secrets/admin_password (sudo cat it to sign in)"
